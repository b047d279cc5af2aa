import { Form } from "react-router";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { PRODUCT_LIMITS } from "#core/admin/product-admin-schemas.ts";
import { parsePictureAddress, PICTURE_LIMITS, pictureSources } from "#core/catalog/pictures.ts";
import { productImageAlt } from "#core/catalog/shop.ts";
import { Field, FormField } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import styles from "./admin.module.css";
import { useSecondPressFocus } from "#app/lib/use-second-press.ts";
import { IntentButton } from "./intent-button.tsx";

/** What an upload may be: the server judges the bytes, this only narrows the file picker. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

interface ProductPicturesProps {
  product: AdminProduct;
  fields: Record<string, string>;
  working: string;
  /** The picture whose "Remove" was pressed: it asks once more before its files are deleted. */
  removing?: string | undefined;
}

/** The first picture is the main one; a new upload's description is required. */
export function ProductPictures({ product, fields, working, removing }: ProductPicturesProps) {
  const full = product.images.length >= PRODUCT_LIMITS.imagesMax;
  return (
    <section aria-labelledby="pictures-title">
      <h2 id="pictures-title">Pictures</h2>
      {product.images.length === 0 ? (
        <p>No pictures yet: the shop shows the product without one.</p>
      ) : (
        <ol className={styles.pictures}>
          {product.images.map((src, index) => (
            <PictureRow
              key={src}
              product={product}
              src={src}
              index={index}
              working={working}
              confirmingRemove={removing === src}
            />
          ))}
        </ol>
      )}
      <Form
        // A new version (the picture added) brings an empty form; a refusal keeps what was typed.
        key={product.version}
        method="post"
        encType="multipart/form-data"
        aria-labelledby="add-picture-title"
        className={formStyles.form}
      >
        <h3 id="add-picture-title">Add a picture</h3>
        <FormField
          label="Picture file"
          id="picture-file"
          error={fields.picture}
          hint={`JPEG, PNG, WebP, AVIF or GIF, at most ${PICTURE_LIMITS.bytesMax / (1024 * 1024)} MB. It is added after the others; the shop gets it in sizes for every screen.`}
        >
          {(control) => <input {...control} type="file" name="picture" accept={ACCEPT} required />}
        </FormField>
        <Field
          label="Picture description"
          name="alt"
          required
          maxLength={PICTURE_LIMITS.altMax}
          error={fields.alt}
          hint="What the picture shows, for people who cannot see it: “The hardback's cover, a silver hand on teal”."
        />
        <div className={formStyles.actions}>
          <IntentButton
            intent="picture-add"
            working={working}
            busyLabel="Uploading…"
            className={formStyles.primary}
            disabled={full}
          >
            Add picture
          </IntentButton>
        </div>
        {full ? (
          <p>
            This product has {PRODUCT_LIMITS.imagesMax} pictures, as many as it may: remove one to
            add another.
          </p>
        ) : null}
      </Form>
    </section>
  );
}

function PictureRow({
  product,
  src,
  index,
  working,
  confirmingRemove,
}: {
  product: AdminProduct;
  src: string;
  index: number;
  working: string;
  confirmingRemove: boolean;
}) {
  const { keep, start } = useSecondPressFocus(confirmingRemove);
  const uploaded = parsePictureAddress(src);
  const alt = productImageAlt({ ...product, type: product.type }, index);
  const place = index === 0 ? "Main picture" : `Picture ${index + 1}`;
  const webp = pictureSources(src).find((source) => source.type === "image/webp");
  const last = index === product.images.length - 1;
  return (
    <li className={styles.picture}>
      <img
        src={src}
        {...(webp ? { srcSet: webp.srcSet, sizes: "10rem" } : {})}
        alt={alt}
        width="160"
        height="120"
        loading="lazy"
        decoding="async"
      />
      <div>
        <p>
          <strong>{place}</strong>
          {uploaded ? null : (
            <span className={styles.muted}> · the site's own artwork, described from its name</span>
          )}
        </p>
        {uploaded ? (
          <Form
            method="post"
            className={styles.describe}
            aria-label={`Description of ${place.toLowerCase()}`}
          >
            <input type="hidden" name="pictureId" value={uploaded.id} />
            <Field
              label={`Description of ${place.toLowerCase()}`}
              name="alt"
              defaultValue={alt}
              required
              maxLength={PICTURE_LIMITS.altMax}
            />
            <button
              type="submit"
              name="intent"
              value="picture-describe"
              className={formStyles.secondary}
            >
              Save description
            </button>
          </Form>
        ) : (
          <p>{alt}</p>
        )}
        <Form method="post" className={formStyles.actions} aria-label={`Arrange ${place}`}>
          <input type="hidden" name="version" value={product.version} />
          <input type="hidden" name="src" value={src} />
          <input type="hidden" name="index" value={index} />
          {index === 0 && last ? null : (
            // One picture has nowhere to move.
            <>
              <button
                type="submit"
                name="intent"
                value="picture-earlier"
                className={formStyles.secondary}
                disabled={index === 0}
                aria-label={`Move earlier: ${place.toLowerCase()}`}
              >
                Move earlier
              </button>
              <button
                type="submit"
                name="intent"
                value="picture-later"
                className={formStyles.secondary}
                disabled={last}
                aria-label={`Move later: ${place.toLowerCase()}`}
              >
                Move later
              </button>
            </>
          )}
          {confirmingRemove ? null : (
            <button
              ref={start}
              type="submit"
              name="intent"
              value="ask-picture-remove"
              className={formStyles.danger}
              aria-label={`Remove ${place.toLowerCase()}`}
            >
              Remove
            </button>
          )}
        </Form>
        {confirmingRemove ? (
          <Form
            method="post"
            role="group"
            aria-labelledby={`remove-question-${index}`}
            className={styles.confirmRemove}
          >
            <input type="hidden" name="version" value={product.version} />
            <input type="hidden" name="src" value={src} />
            <p id={`remove-question-${index}`}>
              Remove {place.toLowerCase()}?{" "}
              {uploaded
                ? "Its files are deleted and this cannot be undone."
                : "The shop stops showing it on this product."}
            </p>
            <div className={formStyles.actions}>
              <IntentButton
                intent="picture-remove"
                working={working}
                busyLabel="Removing…"
                className={formStyles.danger}
              >
                Yes, remove it
              </IntentButton>
              <button
                ref={keep}
                type="submit"
                name="intent"
                value="keep"
                className={formStyles.secondary}
              >
                Keep it
              </button>
            </div>
          </Form>
        ) : null}
      </div>
    </li>
  );
}
