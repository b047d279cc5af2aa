import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { formatDollars } from "#core/admin/price-change.ts";
import type { AdminProduct, ProductState } from "#core/admin/product-admin-schemas.ts";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { ProductForm } from "#app/features/admin/product-form.tsx";
import { productFromForm } from "#app/features/admin/product-form-data.ts";
import { movePicture, removePicture } from "#app/features/admin/picture-order.ts";
import { ProductFiles } from "#app/features/admin/product-files.tsx";
import { IntentButton } from "#app/features/admin/intent-button.tsx";
import { ProductPictures } from "#app/features/admin/product-pictures.tsx";
import { ProductVariants } from "#app/features/admin/product-variants.tsx";
import { staffApi, type StaffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { useSecondPressFocus } from "#app/lib/use-second-press.ts";
import { adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/product";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData ? loaderData.product.name : "Product");

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  try {
    const product = await api.get<AdminProduct>(`/products/${encodeURIComponent(params.id)}`);
    const [{ products: variants }, { products: featured }] = await Promise.all([
      api.get<{ products: AdminProduct[] }>(`/products?work=${encodeURIComponent(product.work)}`),
      api.get<{ products: AdminProduct[] }>("/products?featured=true"),
    ]);
    return { product, variants, featured };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data("There is no product with this id.", { status: 404 });
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the product…</p>;
}

export const CHANGED_MESSAGE =
  "Someone else changed this product while you had it open. Nothing was saved: the form now shows the product as it is; make your change again.";

type StateChange = "publish" | "unpublish" | "retire";

export type ProductAnswer =
  | { ok: true; message: string }
  | { ok: false; message: string; fields: Record<string, string>; changed?: AdminProduct }
  | { confirming: "retire" }
  | { confirming: "picture-remove"; src: string };

const DONE: Record<StateChange, string> = {
  publish: "Published: the shop shows it.",
  unpublish: "Now a draft: the shop no longer shows it.",
  retire: "Retired: no longer sold. Orders that name it keep it.",
};

/** Always reloads afterwards, so after a 409 the form holds the product as it now is. */
export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<ProductAnswer | null> {
  const api = staffApi(request, currentToken(), clearToken);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const path = `/products/${encodeURIComponent(params.id)}`;
  if (intent === "keep") return null;
  if (intent === "ask-retire") return { confirming: "retire" };
  if (intent === "ask-picture-remove") {
    return { confirming: "picture-remove", src: String(form.get("src") ?? "") };
  }
  try {
    if (intent === "save") {
      const checked = productFromForm(form, "update");
      if (!checked.ok) {
        return { ok: false, message: "Check the fields marked below.", fields: checked.fields };
      }
      await api.send("PATCH", path, checked.body);
      return { ok: true, message: "Saved. The shop shows the change within a second." };
    }
    if (intent.startsWith("picture-")) return await changePictures(api, path, intent, form);
    if (intent === "file-add") {
      await api.upload(`${path}/files`, form);
      return { ok: true, message: "File uploaded: buyers will download it." };
    }
    if (intent === "file-remove") {
      const fileId = encodeURIComponent(String(form.get("fileId") ?? ""));
      await api.send("DELETE", `${path}/files/${fileId}`);
      return { ok: true, message: "File removed." };
    }
    if (intent === "publish" || intent === "unpublish" || intent === "retire") {
      await api.send("POST", `${path}/${intent}`, { version: String(form.get("version") ?? "") });
      return { ok: true, message: DONE[intent] };
    }
    return { ok: false, message: "Unknown action.", fields: {} };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "product_changed") {
      const changed = (error.body as { product?: AdminProduct } | undefined)?.product;
      return { ok: false, message: CHANGED_MESSAGE, fields: {}, ...(changed ? { changed } : {}) };
    }
    return { ok: false, message: error.message, fields: error.fields };
  }
}

async function changePictures(
  api: StaffApi,
  path: string,
  intent: string,
  form: FormData,
): Promise<ProductAnswer> {
  if (intent === "picture-add") {
    await api.upload(`${path}/pictures`, form);
    return { ok: true, message: "Picture added: the shop shows it within a second." };
  }
  if (intent === "picture-describe") {
    const pictureId = encodeURIComponent(String(form.get("pictureId") ?? ""));
    await api.send("PATCH", `${path}/pictures/${pictureId}`, {
      alt: String(form.get("alt") ?? ""),
    });
    return { ok: true, message: "Description saved." };
  }
  const { images } = await api.get<AdminProduct>(path);
  const src = String(form.get("src") ?? "");
  const index = images.indexOf(src);
  if (index === -1) {
    return { ok: false, message: "That picture is no longer the product's.", fields: {} };
  }
  const changed =
    intent === "picture-remove"
      ? removePicture(images, src)
      : movePicture(images, index, intent === "picture-earlier" ? -1 : 1);
  await api.send("PATCH", path, { version: String(form.get("version") ?? ""), images: changed });
  return {
    ok: true,
    message: intent === "picture-remove" ? "Picture removed." : "Picture moved.",
  };
}

const STATE_LABELS: Record<ProductState, string> = {
  published: "Published",
  draft: "Draft",
  retired: "Retired",
};

export default function AdminProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variants, featured } = loaderData;
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state === "submitting";
  const answer = actionData ?? undefined;
  const outcome = answer && "ok" in answer ? answer : undefined;
  return (
    <article aria-labelledby="product-title" className={formStyles.page}>
      <p>
        <Link to={adminPaths.products}>← All products</Link>
      </p>
      <h1 id="product-title">{product.name}</h1>
      <p>
        State: <strong className={styles.badge}>{STATE_LABELS[product.state]}</strong> ·{" "}
        {formatDollars(product.priceCents)} ·{" "}
        {product.stock === null ? "not counted" : `${product.stock} in stock`} ·{" "}
        {product.digital ? "delivered by download · " : null}
        {product.state === "published" ? (
          <a href={`/products/${product.slug}`}>its page in the shop</a>
        ) : (
          "not shown in the shop"
        )}
      </p>
      <FeedbackMessage
        feedback={
          outcome ? { kind: outcome.ok ? "success" : "error", text: outcome.message } : null
        }
      />
      {outcome && !outcome.ok && outcome.changed ? (
        <p>
          As it is now: {outcome.changed.name}, {formatDollars(outcome.changed.priceCents)},{" "}
          {STATE_LABELS[outcome.changed.state].toLowerCase()}.
        </p>
      ) : null}
      <ProductForm
        key={product.version}
        product={product}
        fields={outcome && !outcome.ok ? outcome.fields : {}}
        busy={busy && intent === "save"}
        featured={featured}
      />
      <ProductPictures
        product={product}
        fields={outcome && !outcome.ok ? outcome.fields : {}}
        working={busy ? String(intent ?? "") : ""}
        removing={
          answer !== undefined && "confirming" in answer && answer.confirming === "picture-remove"
            ? answer.src
            : undefined
        }
      />
      {product.digital || product.files.length > 0 ? (
        <ProductFiles
          product={product}
          fields={outcome && !outcome.ok ? outcome.fields : {}}
          working={busy ? String(intent ?? "") : ""}
        />
      ) : null}
      <ProductVariants product={product} variants={variants} />
      <h2>Shown and sold</h2>
      <StateActions
        product={product}
        confirming={
          answer !== undefined && "confirming" in answer && answer.confirming === "retire"
        }
        working={busy ? String(intent ?? "") : ""}
      />
    </article>
  );
}

/** Retiring asks a second, explicit press (no browser dialog to dismiss by mistake). */
function StateActions({
  product,
  confirming,
  working,
}: {
  product: AdminProduct;
  confirming: boolean;
  working: string;
}) {
  const { keep, start } = useSecondPressFocus(confirming);

  return (
    <Form method="post" aria-label="Shown and sold">
      <input type="hidden" name="version" value={product.version} />
      {confirming ? (
        <div role="group" aria-labelledby="retire-question">
          <p id="retire-question">
            Retire {product.name}? It is no longer shown or sold; orders that name it keep it.
            Publishing it again brings it back.
          </p>
          <div className={formStyles.actions}>
            <IntentButton
              intent="retire"
              working={working}
              busyLabel="Retiring…"
              className={formStyles.danger}
            >
              Yes, retire it
            </IntentButton>
            <button
              ref={keep}
              type="submit"
              name="intent"
              value="keep"
              className={formStyles.secondary}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className={formStyles.actions}>
          {product.state === "published" ? null : (
            <IntentButton
              intent="publish"
              working={working}
              busyLabel="Publishing…"
              className={formStyles.primary}
            >
              Publish
            </IntentButton>
          )}
          {product.state === "draft" ? null : (
            <IntentButton
              intent="unpublish"
              working={working}
              busyLabel="Saving…"
              className={formStyles.secondary}
            >
              Make it a draft
            </IntentButton>
          )}
          {product.state === "retired" ? null : (
            <button
              ref={start}
              type="submit"
              name="intent"
              value="ask-retire"
              className={formStyles.secondary}
            >
              Retire
            </button>
          )}
        </div>
      )}
    </Form>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <section aria-labelledby="product-error">
      <h1 id="product-error">Product not found</h1>
      <p>
        {isRouteErrorResponse(error) && typeof error.data === "string"
          ? error.data
          : "The product could not be loaded. Please reload the page."}
      </p>
      <p>
        <Link to={adminPaths.products}>All products</Link>
      </p>
    </section>
  );
}
