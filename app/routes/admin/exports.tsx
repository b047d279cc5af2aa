import { useState } from "react";
import { ordersExportQuerySchema } from "#core/admin/admin-schemas.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { Field } from "#app/components/form-field.tsx";
import { sydneyToday } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { DownloadButton } from "#app/features/admin/download-button.tsx";
import { useAuthToken } from "#app/features/auth/auth-store.ts";
import { fetchApiFile } from "#app/lib/api-client.ts";
import formStyles from "#app/components/forms.module.css";

export const meta = () => adminMeta("Exports");

export default function AdminExports() {
  const token = useAuthToken();
  const today = sydneyToday();
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function fetchOrders() {
    const parsed = ordersExportQuerySchema.safeParse(range);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return undefined;
    }
    setErrors({});
    const query = new URLSearchParams(parsed.data).toString();
    return {
      file: await fetchApiFile(`/admin/exports/orders?${query}`, { token: token ?? undefined }),
      name: `kybernetes-orders-${parsed.data.from}-to-${parsed.data.to}.csv`,
    };
  }

  return (
    <section aria-labelledby="exports-title" className={formStyles.page}>
      <h1 id="exports-title">Exports</h1>
      <h2>Orders for the accountant</h2>
      <p>
        Every order placed between the two days (Sydney time, both days included), oldest first:
        number, date, customer, status, subtotal, shipping, the GST included and the total, in AUD.
        The file opens in Excel, Numbers or LibreOffice.
      </p>
      <form
        aria-label="Orders export"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className={formStyles.form}
      >
        <Field
          label="From"
          name="from"
          type="date"
          max={today}
          value={range.from}
          error={errors.from}
          onChange={(event) => setRange({ ...range, from: event.target.value })}
        />
        <Field
          label="To"
          name="to"
          type="date"
          max={today}
          value={range.to}
          error={errors.to}
          onChange={(event) => setRange({ ...range, to: event.target.value })}
        />
        <DownloadButton label="Download orders (CSV)" fetchFile={fetchOrders} />
      </form>
    </section>
  );
}
