import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { ADMIN_LIMITS, setStockSchema, type StockRow as Row } from "#core/admin/admin-schemas.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import formStyles from "#app/components/forms.module.css";
import { formatWhen } from "./admin-format.ts";
import styles from "./admin.module.css";
import type { ActionResult } from "./staff-api.ts";

export function StockRow({ row }: { row: Row }) {
  const fetcher = useFetcher<ActionResult>();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const busy = fetcher.state !== "idle";
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  const inputId = `stock-${row.productId}`;
  const messageId = `${inputId}-message`;
  const message = error ?? outcome?.message;

  // A changed count (this save, or an order's) shows as the input's new value.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) {
      input.current.value = row.available === null ? "" : String(row.available);
    }
  }, [row.available]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = setStockSchema.safeParse({
      available: String(data.get("available") ?? ""),
      expected: String(data.get("expected") ?? ""),
    });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).available);
      return;
    }
    setError(undefined);
    void fetcher.submit(data, { method: "post" });
  }

  return (
    <tr>
      <th scope="row">
        {row.name}
        <br />
        <span className={styles.muted}>
          {row.type || row.category} · product {row.productId}
        </span>
      </th>
      <td className={styles.number}>{row.available === null ? "Not counted" : row.available}</td>
      <td className={styles.number}>{row.waiting}</td>
      <td>
        {row.updatedAt ? <time dateTime={row.updatedAt}>{formatWhen(row.updatedAt)}</time> : "—"}
      </td>
      <td>
        <form method="post" noValidate onSubmit={submit} className={styles.stockForm}>
          <input type="hidden" name="productId" value={row.productId} />
          <input type="hidden" name="expected" value={row.available ?? ""} />
          <label htmlFor={inputId} className="visually-hidden">
            Units of {row.name}
          </label>
          <input
            ref={input}
            id={inputId}
            name="available"
            type="number"
            min={0}
            max={ADMIN_LIMITS.stockMax}
            step={1}
            inputMode="numeric"
            className={styles.stockInput}
            defaultValue={row.available ?? ""}
            aria-invalid={error || (outcome && !outcome.ok) ? true : undefined}
            aria-describedby={message ? messageId : undefined}
          />
          <button type="submit" className={formStyles.secondary} disabled={busy}>
            {busy ? "Saving…" : `Set count`}
            <span className="visually-hidden"> of {row.name}</span>
          </button>
        </form>
        <p
          id={messageId}
          role={error || (outcome && !outcome.ok) ? "alert" : "status"}
          className={error || (outcome && !outcome.ok) ? formStyles.failure : formStyles.success}
        >
          {message}
        </p>
      </td>
    </tr>
  );
}
