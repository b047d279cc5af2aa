import type { ReactNode } from "react";
import { Form } from "react-router";
import { PRODUCT_CATEGORY_NAMES } from "#core/catalog/category.ts";
import { DISCOUNT_CODE_MAX } from "#core/orders/discounts.ts";
import { FormField } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { chosenIds, type PickableProduct } from "./discount-form-data.ts";
import { ProductPicker } from "./product-picker.tsx";

interface DiscountFormProps {
  values: Readonly<Record<string, string>>;
  fields: Readonly<Record<string, string>>;
  products: readonly PickableProduct[];
  /** Asked only when a code is made: an existing one is paused and resumed by its buttons. */
  asksActive: boolean;
  children: ReactNode;
}

const KINDS = [
  ["percentage", "Percentage off"],
  ["fixed", "Amount off (AUD)"],
  ["free_shipping", "Free shipping"],
] as const;

const SCOPES = [
  ["all", "Everything in the shop"],
  ["category", "One shop"],
  ["products", "Chosen products"],
] as const;

export function DiscountForm({
  values,
  fields,
  products,
  asksActive,
  children,
}: DiscountFormProps) {
  const text = (
    name: string,
    label: string,
    hint?: string,
    props: Record<string, unknown> = {},
  ) => (
    <FormField label={label} id={`discount-${name}`} error={fields[name]} hint={hint}>
      {(control) => (
        <input {...control} name={name} type="text" defaultValue={values[name] ?? ""} {...props} />
      )}
    </FormField>
  );
  const select = (
    name: string,
    label: string,
    options: readonly (readonly [string, string])[],
    hint?: string,
  ) => (
    <FormField label={label} id={`discount-${name}`} error={fields[name]} hint={hint}>
      {(control) => (
        <select {...control} name={name} defaultValue={values[name] ?? options[0]?.[0]}>
          {options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  return (
    <Form method="post" className={formStyles.form} noValidate>
      {text("code", "Code", "Letters, digits, - and _; buyers may type it in capitals or not.", {
        maxLength: DISCOUNT_CODE_MAX,
        autoCapitalize: "characters",
        spellCheck: false,
        required: true,
      })}
      {select("kind", "Kind", KINDS)}
      {text(
        "value",
        "Value",
        "The percentage (such as 10) or the dollars off (such as 5.00); nothing for free shipping.",
        { inputMode: "decimal" },
      )}
      {text("minSpend", "Minimum spend (AUD)", "Optional: the cart's items must add up to this.", {
        inputMode: "decimal",
      })}
      {text("startsAt", "Starts on", "Optional: a Sydney day; the code works from its start.", {
        type: "date",
      })}
      {text("endsAt", "Ends on", "Optional: a Sydney day; the code works to its end.", {
        type: "date",
      })}
      {text("totalLimit", "Uses in total", "Optional: empty for no limit.", {
        inputMode: "numeric",
      })}
      {text(
        "perBuyerLimit",
        "Uses per buyer",
        "Optional: counted by e-mail address and by account.",
        { inputMode: "numeric" },
      )}
      {select("scope", "For", SCOPES)}
      {select(
        "category",
        "Shop",
        [["", "Choose a shop"], ...Object.entries(PRODUCT_CATEGORY_NAMES)],
        "For one shop only.",
      )}
      <ProductPicker
        name="productIds"
        legend="Chosen products"
        hint="For chosen products only: tick each one the code is for, by its shop."
        products={products}
        chosen={chosenIds(values)}
        error={fields.productIds}
      />
      {asksActive ? (
        <div className={formStyles.checkbox}>
          <input
            id="discount-active"
            name="active"
            type="checkbox"
            value="yes"
            defaultChecked={values.active !== ""}
          />
          <label htmlFor="discount-active">Active: buyers can use it at once</label>
        </div>
      ) : (
        <input type="hidden" name="active" value={values.active ?? "yes"} />
      )}
      {children}
    </Form>
  );
}
