import { hasUnsafeTextCharacters, unsafeCharactersMessage } from "../validation/safe-text.ts";
import { z } from "../validation/zod.ts";
import { ORDER_LIMITS } from "./order-limits.ts";
import type { OrderStatus } from "./order-status.ts";
import { REFUND_REASONS } from "./refunds.ts";

export const RETURN_DAYS = 14;
export const RETURN_MESSAGE_MAX_LENGTH = 1000;
export const RETURN_REQUESTS_PER_ORDER = 3;

export const RETURN_REASON_KEYS = ["faulty", "wrong_item", "not_received"] as const;
export type ReturnReason = (typeof RETURN_REASON_KEYS)[number];
export const RETURN_REASONS: Record<ReturnReason, string> = {
  faulty: `${REFUND_REASONS.faulty} or damaged`,
  wrong_item: REFUND_REASONS.wrong_item,
  not_received: REFUND_REASONS.not_received,
};

export const RETURN_ERRORS = {
  reason: "Please choose a reason",
  message: "Please tell us what happened",
  messageTooLong: `Please keep it under ${RETURN_MESSAGE_MAX_LENGTH} characters`,
  quantity: "Please choose how many",
} as const;

export const returnQuantityField = (productId: number) => `quantity-${productId}`;

export const returnRequestSchema = z.object({
  reason: z.enum(RETURN_REASON_KEYS, { error: RETURN_ERRORS.reason }),
  message: z
    .string({ error: RETURN_ERRORS.message })
    .trim()
    .min(1, RETURN_ERRORS.message)
    .max(RETURN_MESSAGE_MAX_LENGTH, { message: RETURN_ERRORS.messageTooLong, abort: true })
    .refine((text) => !hasUnsafeTextCharacters(text), unsafeCharactersMessage("Message")),
  lines: z
    .array(
      z.object({
        productId: z.number({ error: "Product id must be a number" }).int().positive(),
        quantity: z
          .number({ error: RETURN_ERRORS.quantity })
          .int(RETURN_ERRORS.quantity)
          .min(1, RETURN_ERRORS.quantity)
          .max(ORDER_LIMITS.quantityMax, RETURN_ERRORS.quantity),
      }),
    )
    .max(ORDER_LIMITS.linesMax)
    .default([]),
});
export type ReturnRequest = z.output<typeof returnRequestSchema>;

export const returnRequestStateSchema = z.object({
  open: z.boolean(),
  until: z.string().nullable(),
  askedAt: z.string().nullable(),
});
export type ReturnRequestState = z.output<typeof returnRequestStateSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function returnWindow(
  order: {
    status: OrderStatus;
    shipsParcel: boolean;
    history: readonly { status: OrderStatus; at: string }[];
  },
  now: Date = new Date(),
): Omit<ReturnRequestState, "askedAt"> {
  const closed = { open: false, until: null };
  if (!order.shipsParcel) return closed;
  if (order.status === "shipped") return { open: true, until: null };
  if (order.status !== "delivered" && order.status !== "done") return closed;
  const delivered = order.history.findLast((event) => event.status === "delivered");
  if (!delivered) return closed;
  const until = new Date(new Date(delivered.at).getTime() + RETURN_DAYS * DAY_MS);
  return now < until ? { open: true, until: until.toISOString() } : closed;
}

export function returnRequestText(
  order: { number: string; lines: readonly { productId: number; name: string; type: string }[] },
  request: ReturnRequest,
): string {
  const items = request.lines.map(({ productId, quantity }) => {
    const line = order.lines.find((candidate) => candidate.productId === productId);
    const name = line
      ? `${line.name}${line.type ? ` (${line.type})` : ""}`
      : `product ${productId}`;
    return `${quantity} × ${name}`;
  });
  return [
    `Return request for order ${order.number}`,
    `Reason: ${RETURN_REASONS[request.reason]}`,
    `Items: ${items.length > 0 ? items.join("; ") : "not chosen (see the message)"}`,
    "",
    request.message,
  ].join("\n");
}
