import { quoteShipping, type ShippingPlace } from "../cart/shipping.ts";
import type { ShopProduct } from "../catalog/shop-product.ts";
import {
  discountTotalCents,
  DISCOUNT_WORDS,
  inScope,
  minimumSpendWords,
  shareCents,
} from "./discounts.ts";
import type { DiscountRule } from "./discount-schemas.ts";
import type { OrderQuote, PricedLine } from "./order.ts";
import { ORDER_LIMITS } from "./order-limits.ts";
import type { OrderLineInput } from "./order-schemas.ts";
import { goesAbroad, taxClassOf, taxOf } from "./tax.ts";

export type PricingProduct = Pick<
  ShopProduct,
  "id" | "type" | "name" | "priceCents" | "ageRestricted"
> &
  Partial<Pick<ShopProduct, "sku" | "isbn" | "digital" | "variant" | "category">>;

/** The name an order keeps: the work's, with its colour and size ("Hoodie — Size L"). */
export const lineNameOf = (product: Pick<PricingProduct, "name" | "variant">) =>
  product.variant ? `${product.name} — ${product.variant}` : product.name;

export class OrderRefusedError extends Error {
  override name = "OrderRefusedError";
  constructor(
    readonly code: "unknown_product" | "quantity_limit" | "discount_refused",
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
  discount?: DiscountRule,
): OrderQuote {
  const merged = new Map<string, Omit<PricedLine, "gstCents" | "gstRemovedCents">>();
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
      discountCents: 0,
    });
  }
  const drafts = [...merged.values()];
  const itemsCents = drafts.reduce((sum, line) => sum + line.lineCents, 0);
  const discounted = discount ? applyDiscount(drafts, catalogue, itemsCents, discount) : drafts;
  const priced = discounted.map((line) => ({
    ...line,
    ...taxOf(line.lineCents - line.discountCents, line.taxClass),
  }));
  const discountCents = sumOf(priced, "discountCents");
  const shipsParcel = priced.some((line) => !line.digital);
  const freeByCode = discount?.kind === "free_shipping";
  const shipping =
    shipsParcel && !freeByCode
      ? quoteShipping(address, itemsCents - discountCents, freeShippingOverCents)
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
    totalCents: itemsCents - discountCents + shipping.cents - gstRemovedCents,
    gstCents: sumOf(priced, "gstCents") + shippingGstCents,
    shippingGstCents,
    discount: discount
      ? { code: discount.code, freeShipping: freeByCode, cents: discountCents }
      : null,
  };
}

type DraftLine = Omit<PricedLine, "gstCents" | "gstRemovedCents">;

function applyDiscount(
  lines: readonly DraftLine[],
  catalogue: ReadonlyMap<number, PricingProduct>,
  itemsCents: number,
  discount: DiscountRule,
): DraftLine[] {
  const eligible = lines.map((line) => {
    const product = catalogue.get(line.productId);
    return product !== undefined && inScope(discount, product);
  });
  if (!eligible.some(Boolean)) {
    throw new OrderRefusedError("discount_refused", DISCOUNT_WORDS.notForCart);
  }
  if (itemsCents < discount.minSpendCents) {
    throw new OrderRefusedError("discount_refused", minimumSpendWords(discount.minSpendCents));
  }
  const weights = lines.map((line, index) => (eligible[index] ? line.lineCents : 0));
  const total = discountTotalCents(
    discount,
    weights.reduce((a, b) => a + b, 0),
  );
  const shares = shareCents(total, weights);
  return lines.map((line, index) => ({ ...line, discountCents: shares[index] ?? 0 }));
}

const sumOf = (
  lines: readonly PricedLine[],
  field: "lineCents" | "gstCents" | "gstRemovedCents" | "discountCents",
) => lines.reduce((sum, line) => sum + line[field], 0);
