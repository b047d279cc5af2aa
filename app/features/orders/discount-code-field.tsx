import { formatMoney } from "#core/format.ts";
import { describeDiscount, DISCOUNT_CODE_MAX } from "#core/orders/discounts.ts";
import type { AppliedDiscount, DiscountRule } from "#core/orders/discount-schemas.ts";
import { FormField } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { APPLY_DISCOUNT, DISCOUNT_FIELD, INTENT_FIELD } from "./discount-code.ts";
import styles from "./orders.module.css";

interface DiscountCodeFieldProps {
  id: string;
  defaultValue: string;
  error: string | undefined;
  /** What the code does, said once it is applied. */
  applied: string | undefined;
}

export function appliedWords(applied: AppliedDiscount): string {
  return applied.freeShipping
    ? `Code ${applied.code} applied: free shipping.`
    : `Code ${applied.code} applied: you save ${formatMoney(applied.cents)}.`;
}

export const ruleWords = (rule: DiscountRule) =>
  `Code ${rule.code} applied: ${describeDiscount(rule).toLowerCase()}.`;

/** A press of Apply posts the whole form to the page's action, with or without JavaScript. */
export function DiscountCodeField({ id, defaultValue, error, applied }: DiscountCodeFieldProps) {
  return (
    <div className={styles.discountCode}>
      <FormField label="Discount code" id={id} error={error}>
        {(control) => (
          <input
            {...control}
            key={defaultValue}
            name={DISCOUNT_FIELD}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={DISCOUNT_CODE_MAX}
            defaultValue={defaultValue}
          />
        )}
      </FormField>
      <button
        type="submit"
        name={INTENT_FIELD}
        value={APPLY_DISCOUNT}
        formNoValidate
        className={formStyles.secondary}
      >
        Apply
      </button>
      <p role="status" className={styles.discountApplied}>
        {applied && !error ? applied : ""}
      </p>
    </div>
  );
}
