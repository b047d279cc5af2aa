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

/** `?from=<id>`: a copy of that product to make another format, colour or size of its work. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // Also sends someone without a staff login to /login first.
  const api = staffApi(request, currentToken(), clearToken);
  const from = new URL(request.url).searchParams.get("from");
  const featuredNow = api.get<{ products: AdminProduct[] }>("/products?featured=true");
  const copy = async () => {
    if (!from || !/^\d{1,9}$/.test(from)) return undefined;
    try {
      return await api.get<AdminProduct>(`/products/${from}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  };
  const [copyOf, { products: featured }] = await Promise.all([copy(), featuredNow]);
  return { copyOf, featured };
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

export default function AdminNewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { copyOf, featured } = loaderData;
  return (
    <article aria-labelledby="new-product-title" className={formStyles.page}>
      <p>
        <Link to={adminPaths.products}>← All products</Link>
      </p>
      <h1 id="new-product-title">
        {copyOf ? `New format, colour or size of ${copyOf.name}` : "New product"}
      </h1>
      {copyOf ? (
        <p>
          A copy of <Link to={adminProductPath(copyOf.id)}>{copyOf.name}</Link> in the same work:
          change what makes it another choice (format, colour or size), its SKU, price and opening
          stock. Its page shows {copyOf.name}&apos;s pictures until it has its own.
        </p>
      ) : null}
      <FeedbackMessage feedback={actionData ? { kind: "error", text: actionData.message } : null} />
      <ProductForm
        copyOf={copyOf}
        fields={actionData?.fields ?? {}}
        busy={navigation.state === "submitting"}
        featured={featured}
      />
    </article>
  );
}
