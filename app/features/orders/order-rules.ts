import type { OrderCatalogueRules, PlaceOrderInput } from "#core/orders/order-schemas.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { lazyModule } from "#app/lib/lazy-module.ts";

/**
 * The order schema, fetched when the checkout form is first used: its validation library would
 * otherwise push /checkout over the page budget for JavaScript (DESIGN.md).
 */
export const orderRules = lazyModule(() => import("#core/orders/order-schemas.ts"));

/**
 * The message for each field the order schema refuses; none when it accepts the order. Without
 * the rules (a failed download) the order goes as typed, and the server checks it with the same
 * schema.
 */
export async function checkOrder(
  input: PlaceOrderInput,
  catalogue: OrderCatalogueRules,
): Promise<Record<string, string>> {
  const rules = await orderRules.load().catch(() => undefined);
  const parsed = rules?.placeOrderSchemaFor(catalogue).safeParse(input);
  return parsed && !parsed.success ? fieldErrors(parsed.error) : {};
}
