import { Link, useNavigation } from "react-router";
import { DISCOUNT_STATE_LABELS, type AdminDiscount } from "#core/admin/discount-admin-schemas.ts";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { DiscountForm } from "#app/features/admin/discount-form.tsx";
import {
  discountBody,
  discountFormValues,
  pickableProducts,
} from "#app/features/admin/discount-form-data.ts";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/discount";

export const meta = () => adminMeta("Discount code");

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const [discount, { products }] = await Promise.all([
    api.get<AdminDiscount>(`/discounts/${encodeURIComponent(params.id)}`),
    api.get<{ products: AdminProduct[] }>("/products"),
  ]);
  return { discount, products: pickableProducts(products) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the discount code…</p>;
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const form = await request.formData();
  const path = `/discounts/${encodeURIComponent(params.id)}`;
  const version = Number(form.get("version"));
  const intent = form.get("intent");
  try {
    if (intent === "pause" || intent === "resume") {
      await api.send("POST", `${path}/${intent}`, { version });
      return { ok: true, message: intent === "pause" ? "Paused." : "Resumed.", fields: {} };
    }
    const checked = discountBody(form);
    if (!checked.ok)
      return { ok: false, message: "Check the fields marked below.", fields: checked.fields };
    await api.send("PUT", path, { ...checked.body, version });
    return { ok: true, message: "Saved.", fields: {} };
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, message: error.message, fields: error.fields };
    throw error;
  }
}

export default function AdminDiscount({ loaderData, actionData }: Route.ComponentProps) {
  const { discount, products } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <article aria-labelledby="discount-title" className={formStyles.page}>
      <p>
        <Link to={adminPaths.discounts}>← All discount codes</Link>
      </p>
      <h1 id="discount-title">Discount code {discount.code}</h1>
      <p>
        {DISCOUNT_STATE_LABELS[discount.state]}; used {discount.used}{" "}
        {discount.used === 1 ? "time" : "times"}
        {discount.totalLimit === null ? "" : ` of ${discount.totalLimit}`}.
      </p>
      <FeedbackMessage
        feedback={
          actionData
            ? { kind: actionData.ok ? "success" : "error", text: actionData.message }
            : null
        }
      />
      <DiscountForm
        key={discount.version}
        values={discountFormValues(discount)}
        fields={actionData?.fields ?? {}}
        products={products}
        asksActive={false}
      >
        <input type="hidden" name="version" value={discount.version} />
        <div className={formStyles.actions}>
          <button type="submit" className={formStyles.primary} disabled={busy}>
            Save changes
          </button>
          <button
            type="submit"
            name="intent"
            value={discount.active ? "pause" : "resume"}
            className={formStyles.secondary}
            disabled={busy}
          >
            {discount.active ? "Pause the code" : "Resume the code"}
          </button>
        </div>
      </DiscountForm>
    </article>
  );
}
