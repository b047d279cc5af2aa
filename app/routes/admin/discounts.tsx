import { Link, useNavigation } from "react-router";
import {
  DISCOUNT_STATE_LABELS,
  type AdminDiscount,
  type AdminDiscountList,
} from "#core/admin/discount-admin-schemas.ts";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { describeDiscount } from "#core/orders/discounts.ts";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { formatWhen, money } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { DiscountForm } from "#app/features/admin/discount-form.tsx";
import {
  discountBody,
  pickableProducts,
  sentValues,
  type PickableProduct,
} from "#app/features/admin/discount-form-data.ts";
import { Pager } from "#app/features/admin/pager.tsx";
import { productDetails } from "#app/features/admin/product-picker.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { adminDiscountPath, adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/discounts";

export const meta = () => adminMeta("Discount codes");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const page = new URL(request.url).searchParams.get("page")?.trim();
  const [list, { products }] = await Promise.all([
    api.get<AdminDiscountList>(`/discounts${page ? `?${new URLSearchParams({ page })}` : ""}`),
    api.get<{ products: AdminProduct[] }>("/products"),
  ]);
  return { list, products: pickableProducts(products) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading discount codes…</p>;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const form = await request.formData();
  const checked = discountBody(form);
  const values = sentValues(form);
  if (!checked.ok) {
    return { ok: false, message: "Check the fields marked below.", fields: checked.fields, values };
  }
  try {
    const made = await api.send<AdminDiscount>("POST", "/discounts", checked.body);
    return { ok: true, message: `Code ${made.code} is made.`, fields: {}, values: {} };
  } catch (error) {
    if (error instanceof ApiError) {
      return { ok: false, message: error.message, fields: error.fields, values };
    }
    throw error;
  }
}

const usesOf = (discount: AdminDiscount) =>
  discount.totalLimit === null ? `${discount.used}` : `${discount.used} of ${discount.totalLimit}`;

function scopeOf(discount: AdminDiscount, products: ReadonlyMap<number, PickableProduct>) {
  if (discount.scope === "all") return "Everything";
  if (discount.scope === "category") return `The ${discount.category ?? ""} shop`;
  const names = discount.productIds.map((id) => {
    const product = products.get(id);
    if (!product) return `Product ${id}`;
    const details = productDetails(product);
    return details ? `${product.name} (${details})` : product.name;
  });
  return names.length > 3
    ? `${names.slice(0, 2).join("; ")} and ${names.length - 2} more products`
    : names.join("; ");
}

const pageLink = (page: number) =>
  `${adminPaths.discounts}?${new URLSearchParams({ page: String(page) })}`;

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { list, products } = loaderData;
  const { discounts, total, page, pages } = list;
  const byId = new Map(products.map((product) => [product.id, product]));
  return (
    <section aria-labelledby="discounts-title">
      <h1 id="discounts-title">Discount codes</h1>
      <p>
        Buyers type a code in the cart or at checkout; the server checks it and prices the order
        with it. Each change is in the audit log.
      </p>
      {discounts.length === 0 ? (
        <p role="status">
          {total === 0 ? "No discount codes yet." : `There is no page ${page} of codes.`}{" "}
          {total === 0 ? null : <Link to={adminPaths.discounts}>Show the newest codes</Link>}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              Discount codes, newest first, with their uses so far (page {page} of {pages})
            </caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">For</th>
                <th scope="col">State</th>
                <th scope="col" className={styles.number}>
                  Uses
                </th>
                <th scope="col">Ends</th>
              </tr>
            </thead>
            <tbody>
              {discounts.map((discount) => (
                <tr key={discount.id}>
                  <td>
                    <Link to={adminDiscountPath(discount.id)}>{discount.code}</Link>
                  </td>
                  <td>
                    {describeDiscount(discount)}
                    {discount.minSpendCents > 0
                      ? ` on ${money(discount.minSpendCents)} or more`
                      : ""}
                  </td>
                  <td>{scopeOf(discount, byId)}</td>
                  <td>{DISCOUNT_STATE_LABELS[discount.state]}</td>
                  <td className={styles.number}>{usesOf(discount)}</td>
                  <td>{discount.endsAt ? formatWhen(discount.endsAt) : "Never"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        what="codes"
        newer={page > 1 ? pageLink(page - 1) : null}
        older={page < pages ? pageLink(page + 1) : null}
      />
      <h2 id="new-discount">New discount code</h2>
      <FeedbackMessage
        feedback={
          actionData
            ? { kind: actionData.ok ? "success" : "error", text: actionData.message }
            : null
        }
      />
      <DiscountForm
        key={actionData?.ok ? actionData.message : "new"}
        values={actionData?.ok === false ? actionData.values : { active: "yes" }}
        fields={actionData?.fields ?? {}}
        products={products}
        asksActive
      >
        <div className={formStyles.actions}>
          <button
            type="submit"
            className={formStyles.primary}
            disabled={navigation.state === "submitting"}
          >
            Make the code
          </button>
        </div>
      </DiscountForm>
    </section>
  );
}
