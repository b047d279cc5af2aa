import { Link, redirect, useNavigation } from "react-router";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ProductForm } from "#app/features/admin/product-form.tsx";
import { productFromForm } from "#app/features/admin/product-form-data.ts";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { adminPaths, adminProductPath } from "#app/paths.ts";
import type { Route } from "./+types/new-product";

export const meta = () => adminMeta("New product");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // Only to send someone without a staff login to /login first.
  staffApi(request, currentToken(), clearToken);
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Opening the form…</p>;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const checked = productFromForm(await request.formData(), "create");
  if (!checked.ok) {
    return { message: "Check the fields marked below.", fields: checked.fields };
  }
  try {
    const product = await api.send<AdminProduct>("POST", "/products", checked.body);
    return redirect(adminProductPath(product.id));
  } catch (error) {
    if (error instanceof ApiError) return { message: error.message, fields: error.fields };
    throw error;
  }
}

export default function AdminNewProduct({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <article aria-labelledby="new-product-title" className={formStyles.page}>
      <p>
        <Link to={adminPaths.products}>← All products</Link>
      </p>
      <h1 id="new-product-title">New product</h1>
      <FeedbackMessage feedback={actionData ? { kind: "error", text: actionData.message } : null} />
      <ProductForm fields={actionData?.fields ?? {}} busy={navigation.state === "submitting"} />
    </article>
  );
}
