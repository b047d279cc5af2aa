export const AUDIT_ACTIONS = {
  "order.mark_paid": "Marked paid",
  "order.mark_shipped": "Marked shipped",
  "order.mark_delivered": "Marked delivered",
  "order.cancel": "Cancelled",
  "order.refund": "Refunded",
  "order.note": "Added a note",
  "order.reset_downloads": "Reset a download count",
  "stock.set": "Set the stock",
  "product.create": "Created a product",
  "product.update": "Changed a product",
  "product.publish": "Published a product",
  "product.unpublish": "Made a product a draft",
  "product.retire": "Retired a product",
  "product.picture_add": "Added a picture",
  "product.picture_describe": "Described a picture",
  "product.file_add": "Added a file",
  "product.file_replace": "Replaced a file",
  "product.file_remove": "Removed a file",
  "products.import": "Imported products",
  "products.export": "Exported the catalogue",
  "message.read": "Marked read",
  "message.unread": "Marked unread",
  "message.delete": "Deleted a message",
  "subscribers.export": "Exported the mailing list",
  "customers.export": "Exported the customer list",
  "newsletter.create": "Wrote a newsletter",
  "newsletter.update": "Changed a newsletter",
  "newsletter.test": "Sent a newsletter test",
  "newsletter.send": "Sent a newsletter",
  "orders.export": "Exported orders",
  "reports.gst_export": "Exported the GST report's lines",
  "discount.create": "Created a discount code",
  "discount.update": "Changed a discount code",
  "discount.pause": "Paused a discount code",
  "discount.resume": "Resumed a discount code",
  "staff.grant": "Made staff",
  "staff.revoke": "Removed from staff",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The label of an action, or the action itself for one this version does not know. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}
