import type { ImgHTMLAttributes } from "react";
import { pictureSources } from "#core/catalog/pictures.ts";
import styles from "./product-picture.module.css";

type ProductPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  src: string;
  alt: string;
  /** How wide it is drawn (the `sizes` attribute), so the browser fetches the right width. */
  sizes: string;
};

/** The `<img>` always carries size, class and loading hints, so layout and CSS see one box. */
export function ProductPicture({ src, sizes, alt, ...image }: ProductPictureProps) {
  const sources = pictureSources(src);
  const img = <img src={src} alt={alt} {...image} />;
  if (sources.length === 0) return img;
  return (
    <picture className={styles.picture}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
