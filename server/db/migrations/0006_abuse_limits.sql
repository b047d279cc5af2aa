ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "units" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
-- Orders placed before this migration keep the default ORDER_EXPIRY_DAYS (7) to be paid.
UPDATE "orders" SET "pay_by" = "created_at" + interval '7 days';--> statement-breakpoint
UPDATE "orders" SET "units" = coalesce(
	(SELECT sum("quantity") FROM "order_lines" WHERE "order_lines"."order_id" = "orders"."id"), 0);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "pay_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "units" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_unpaid_pay_by_idx" ON "orders" USING btree ("pay_by") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_unpaid_placed_from_idx" ON "orders" USING btree ("placed_from") WHERE "orders"."status" = 'awaiting_payment';
