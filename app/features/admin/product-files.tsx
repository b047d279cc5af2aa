import { Form } from "react-router";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import {
  fileSizeLabel,
  PRODUCT_FILE_LABELS,
  PRODUCT_FILE_LIMITS,
  PRODUCT_FILE_TYPES,
} from "#core/catalog/product-files.ts";
import { FormField } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import styles from "./admin.module.css";
import { IntentButton } from "./intent-button.tsx";

/** What an upload may be: the server judges the bytes, this only narrows the file picker. */
const ACCEPT = `.epub,.pdf,${Object.values(PRODUCT_FILE_TYPES).join(",")}`;

interface ProductFilesProps {
  product: AdminProduct;
  fields: Record<string, string>;
  working: string;
}

/** A new EPUB replaces the EPUB, a new PDF the PDF. */
export function ProductFiles({ product, fields, working }: ProductFilesProps) {
  const megabytes = PRODUCT_FILE_LIMITS.bytesMax / (1024 * 1024);
  return (
    <section aria-labelledby="files-title">
      <h2 id="files-title">Files</h2>
      {product.files.length === 0 ? (
        <p>No files yet: a buyer would have nothing to download.</p>
      ) : (
        <ul className={styles.files} aria-label="Files">
          {product.files.map((file) => {
            const label = PRODUCT_FILE_LABELS[file.format];
            return (
              <li key={file.id}>
                <span>
                  <strong>{label}</strong> {file.fileName} · {fileSizeLabel(file.size)}
                  {file.isSample ? (
                    <>
                      {" "}
                      · <strong className={styles.badge}>sample</strong>{" "}
                      <span className={styles.muted}>
                        (the shop&apos;s own sample chapter: upload the real book)
                      </span>
                    </>
                  ) : null}
                </span>
                <Form method="post" aria-label={`Remove the ${label}`}>
                  <input type="hidden" name="fileId" value={file.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="file-remove"
                    className={formStyles.danger}
                    disabled={working === "file-remove"}
                    aria-label={`Remove the ${label} (${file.fileName})`}
                  >
                    Remove
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        aria-labelledby="add-file-title"
        className={formStyles.form}
      >
        <h3 id="add-file-title">Upload a file</h3>
        <FormField
          label="EPUB or PDF file"
          id="product-file"
          error={fields.file}
          hint={`At most ${megabytes} MB. A new EPUB replaces the EPUB, a new PDF the PDF.`}
        >
          {(control) => <input {...control} type="file" name="file" accept={ACCEPT} required />}
        </FormField>
        <div className={formStyles.actions}>
          <IntentButton
            intent="file-add"
            working={working}
            busyLabel="Uploading…"
            className={formStyles.primary}
          >
            Upload file
          </IntentButton>
        </div>
      </Form>
    </section>
  );
}
