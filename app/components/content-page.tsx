import type { MDXContent } from "mdx/types";
import { mdxComponents } from "./mdx-components";
import styles from "./prose.module.css";

/** Renders one MDX page from content/pages with the site's components. */
export function ContentPage({ Content }: { Content: MDXContent }) {
  return (
    <article className={styles.prose}>
      <Content components={mdxComponents} />
    </article>
  );
}
