import type { OrderCatalogueRules, PlaceOrderInput } from "#core/orders/order-schemas.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { lazyModule } from "#app/lib/lazy-module.ts";

/** Fetched on first use: its validation library would break /checkout's JS budget (DESIGN.md). */
export const orderRules = lazyModule(() => import("#core/orders/order-schemas.ts"));

/** Without the rules (a failed download) the order goes as typed; the server checks it too. */
export async function checkOrder(
  input: PlaceOrderInput,
  catalogue: OrderCatalogueRules,
): Promise<Record<string, string>> {
  const rules = await orderRules.load().catch(() => undefined);
  const parsed = rules?.placeOrderSchemaFor(catalogue).safeParse(input);
  return parsed && !parsed.success ? fieldErrors(parsed.error) : {};
}
