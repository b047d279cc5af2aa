import { useState } from "react";
import { Form } from "react-router";
import { PRODUCT_LIMITS, type AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { describePriceChange } from "#core/admin/price-change.ts";
import { categoryNamed, PRODUCT_CATEGORY_NAMES } from "#core/catalog/category.ts";
import { centsAsDollars, parseDollars } from "#core/money/money.ts";
import { Field, FormField } from "#app/components/form-field.tsx";
import { variantOf } from "./product-variants.tsx";
import formStyles from "#app/components/forms.module.css";
import styles from "./admin.module.css";
import { messageFor, TEXT_FIELDS } from "./product-form-data.ts";

function startingCategory(category: string | undefined): string {
  const known = category === undefined ? null : categoryNamed(category);
  return known ? PRODUCT_CATEGORY_NAMES[known] : "";
}

interface ProductFormProps {
  product?: AdminProduct | undefined;
  /** A new product starting as a copy of this one (another format, colour or size of it). */
  copyOf?: AdminProduct | undefined;
  fields: Record<string, string>;
  busy: boolean;
  /** The products featured on the home page now, in their order, so staff can place this one. */
  featured?: readonly AdminProduct[] | undefined;
}

/** "1. Pronunciation Mug, 2. Neural Interfaces (Hardback)": the home page's order now. */
function featuredNow(featured: readonly AdminProduct[], self: number | undefined): string {
  const others = featured.filter((other) => other.id !== self);
  if (others.length === 0) return "Nothing else is featured now.";
  const named = others.map((other) => {
    const variant = variantOf(other);
    const draft = other.state === "published" ? "" : ", not shown until published";
    return `${other.featuredPosition}. ${other.name}${variant ? ` (${variant})` : ""}${draft}`;
  });
  return `Featured now: ${named.join("; ")}.`;
}

/** While the typed price differs from the saved one, the change shows next to it. */
export function ProductForm({ product, copyOf, fields, busy, featured }: ProductFormProps) {
  const source = product ?? copyOf;
  const [typedPrice, setTypedPrice] = useState<number | null>(null);
  const change =
    product && typedPrice !== null ? describePriceChange(product.priceCents, typedPrice) : null;
  const error = (name: string) => messageFor(fields, name);
  return (
    <Form method="post" noValidate className={formStyles.form} aria-label="Product">
      {product ? <input type="hidden" name="version" value={product.version} /> : null}
      <Field
        label="Name"
        name="name"
        required
        maxLength={PRODUCT_LIMITS.nameMax}
        defaultValue={source?.name ?? ""}
        error={error("name")}
      />
      <FormField
        label="Category"
        id="product-category"
        error={error("category")}
        hint={
          product && !categoryNamed(product.category)
            ? `The shop page the product is listed on. Saved as “${product.category}”, which no shop lists: choose one.`
            : "The shop page the product is listed on."
        }
      >
        {(control) => (
          <select
            {...control}
            name="category"
            required
            defaultValue={startingCategory(source?.category)}
          >
            <option value="" disabled>
              Choose a shop
            </option>
            {Object.values(PRODUCT_CATEGORY_NAMES).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Field
        label="Price (AUD, GST included)"
        name="price"
        inputMode="decimal"
        required
        defaultValue={source ? centsAsDollars(source.priceCents) : ""}
        error={error("priceCents")}
        hint={<span aria-live="polite">{change ? `Price change: ${change}` : null}</span>}
        onChange={(event) => setTypedPrice(parseDollars(event.currentTarget.value))}
      />
      <FormField label="Description" id="product-description" error={error("description")}>
        {(control) => (
          <textarea
            {...control}
            name="description"
            rows={6}
            maxLength={PRODUCT_LIMITS.descriptionMax}
            defaultValue={source?.description ?? ""}
          />
        )}
      </FormField>
      {TEXT_FIELDS.map(([name, label]) => (
        <Field
          key={name}
          label={label}
          name={name}
          // A copy is another format, colour or size: its SKU is its own, typed afresh.
          defaultValue={name === "sku" && !product ? "" : (source?.[name] ?? "")}
          error={error(name)}
        />
      ))}
      <Field
        label="Page count"
        name="pageCount"
        inputMode="numeric"
        defaultValue={source?.pageCount ?? ""}
        error={error("pageCount")}
      />
      <Field
        label="Publication date"
        name="publicationDate"
        type="date"
        defaultValue={source?.publicationDate ?? ""}
        error={error("publicationDate")}
      />
      <Field
        label="Slug"
        name="slug"
        defaultValue={product?.slug ?? ""}
        error={error("slug")}
        hint={
          product
            ? "The product page's address: /products/<slug>. A renamed slug redirects."
            : "The product page's address: made from the name when left empty."
        }
      />
      <Field
        label="Work"
        name="work"
        defaultValue={source?.work ?? ""}
        error={error("work")}
        hint="Formats, colours and sizes of one product share it and are offered as its choices; left empty, the name's slug."
      />
      <Field
        label="Place on the home page"
        name="featuredPosition"
        inputMode="numeric"
        defaultValue={product?.featuredPosition ?? ""}
        error={error("featuredPosition")}
        hint={`Empty: not on the home page. 1 comes first; the home page shows the first four that are published. ${featured ? featuredNow(featured, product?.id) : ""}`}
      />
      {product ? null : (
        <Field
          label="Opening stock"
          name="stock"
          inputMode="numeric"
          error={error("stock")}
          hint="Units on the shelf; leave empty for a product that never runs out (eBooks)."
        />
      )}
      <div className={formStyles.checkbox}>
        <input
          id="product-age-restricted"
          type="checkbox"
          name="ageRestricted"
          defaultChecked={source?.ageRestricted ?? false}
        />
        <label htmlFor="product-age-restricted">Age restricted (adults only)</label>
      </div>
      <div className={formStyles.checkbox}>
        <input
          id="product-digital"
          type="checkbox"
          name="digital"
          defaultChecked={source?.digital ?? false}
          aria-describedby="product-digital-hint"
        />
        <label htmlFor="product-digital">Delivered by download (an eBook)</label>
      </div>
      <p id="product-digital-hint" className={styles.muted}>
        Never shipped: the buyer downloads its EPUB or PDF, uploaded under Files once saved.
      </p>
      {product ? null : (
        <div className={formStyles.checkbox}>
          <input id="product-published" type="checkbox" name="published" />
          <label htmlFor="product-published">Publish now (otherwise saved as a draft)</label>
        </div>
      )}
      <div className={formStyles.actions}>
        <button
          type="submit"
          name="intent"
          value="save"
          className={formStyles.primary}
          disabled={busy}
        >
          {busy ? "Saving…" : product ? "Save" : "Create product"}
        </button>
      </div>
    </Form>
  );
}
