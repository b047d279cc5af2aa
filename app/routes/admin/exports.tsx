import { useState } from "react";
import { ordersExportQuerySchema } from "#core/admin/admin-schemas.ts";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "#core/orders/order-status.ts";
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
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today, status: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function fetchOrders() {
    const parsed = ordersExportQuerySchema.safeParse({
      ...range,
      status: range.status || undefined,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return undefined;
    }
    setErrors({});
    const { status, ...days } = parsed.data;
    const query = new URLSearchParams({ ...days, ...(status ? { status } : {}) }).toString();
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
        number, date, customer, status, the day it was paid, country, tax class, subtotal, shipping,
        the GST removed from exports, the GST included and the total, in AUD, then a row of totals.
        Choose a status to keep only those orders. The file opens in Excel, Numbers or LibreOffice.
        For the BAS itself, use the GST report.
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
        <div>
          <label htmlFor="export-status">Status</label>
          <select
            id="export-status"
            name="status"
            value={range.status}
            onChange={(event) => setRange({ ...range, status: event.target.value })}
          >
            <option value="">Every status</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <DownloadButton label="Download orders (CSV)" fetchFile={fetchOrders} />
      </form>
    </section>
  );
}
