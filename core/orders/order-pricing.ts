import { quoteShipping, type ShippingPlace } from "../cart/shipping.ts";
import type { ShopProduct } from "../catalog/shop-product.ts";
import type { OrderQuote, PricedLine } from "./order.ts";
import { ORDER_LIMITS } from "./order-limits.ts";
import type { OrderLineInput } from "./order-schemas.ts";
import { goesAbroad, taxClassOf, taxOf } from "./tax.ts";

export type PricingProduct = Pick<
  ShopProduct,
  "id" | "type" | "name" | "priceCents" | "ageRestricted"
> &
  Partial<Pick<ShopProduct, "sku" | "isbn" | "digital" | "variant">>;

/** The name an order keeps: the work's, with its colour and size ("Hoodie — Size L"). */
export const lineNameOf = (product: Pick<PricingProduct, "name" | "variant">) =>
  product.variant ? `${product.name} — ${product.variant}` : product.name;

export class OrderRefusedError extends Error {
  override name = "OrderRefusedError";
  constructor(
    readonly code: "unknown_product" | "quantity_limit",
    message: string,
  ) {
    super(message);
  }
}

// Never priced from what the browser sent (SPEC §9). The per-product cap counts merged lines,
// so two lines of one product cannot pass it together.
export function priceOrder(
  lines: readonly OrderLineInput[],
  catalogue: ReadonlyMap<number, PricingProduct>,
  address: ShippingPlace,
  freeShippingOverCents: number,
  maxUnitsPerProduct: number = ORDER_LIMITS.quantityMax,
): OrderQuote {
  const merged = new Map<string, PricedLine>();
  for (const line of lines) {
    const product = catalogue.get(line.id);
    if (!product) {
      throw new OrderRefusedError(
        "unknown_product",
        `Product ${line.id} is not in our catalogue any more. Please remove it from your cart.`,
      );
    }
    const key = `${product.id}`;
    const name = lineNameOf(product);
    const unitCents = product.priceCents;
    const existing = merged.get(key);
    const quantity = (existing?.quantity ?? 0) + line.quantity;
    if (quantity > maxUnitsPerProduct) {
      throw new OrderRefusedError(
        "quantity_limit",
        `One order may hold at most ${maxUnitsPerProduct} of ${name}, so that other buyers can have one too. Please lower the quantity to ${maxUnitsPerProduct}, or contact us about a larger order.`,
      );
    }
    const digital = product.digital ?? false;
    const taxClass = taxClassOf(digital, address);
    merged.set(key, {
      productId: product.id,
      type: product.type,
      name,
      sku: product.sku ?? null,
      isbn: product.isbn ?? null,
      unitCents,
      quantity,
      lineCents: unitCents * quantity,
      ageRestricted: product.ageRestricted,
      digital,
      taxClass,
      ...taxOf(unitCents * quantity, taxClass),
    });
  }
  const priced = [...merged.values()];
  const itemsCents = sumOf(priced, "lineCents");
  const shipsParcel = priced.some((line) => !line.digital);
  const shipping = shipsParcel
    ? quoteShipping(address, itemsCents, freeShippingOverCents)
    : { cents: 0, free: false };
  const gstFreeExport = shipsParcel && goesAbroad(address);
  const shippingGstCents = taxOf(shipping.cents, gstFreeExport ? "export" : "taxable").gstCents;
  const gstRemovedCents = sumOf(priced, "gstRemovedCents");
  return {
    lines: priced,
    itemsCents,
    shippingCents: shipping.cents,
    freeShipping: shipping.free,
    shipsParcel,
    gstFreeExport,
    gstRemovedCents,
    totalCents: itemsCents + shipping.cents - gstRemovedCents,
    gstCents: sumOf(priced, "gstCents") + shippingGstCents,
    shippingGstCents,
  };
}

const sumOf = (lines: readonly PricedLine[], field: "lineCents" | "gstCents" | "gstRemovedCents") =>
  lines.reduce((sum, line) => sum + line[field], 0);
