ALTER TABLE "order_lines" ADD COLUMN "tax_class" text DEFAULT 'taxable' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gst_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gst_removed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_gst_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_free_export" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_removed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_paid_on_idx" ON "orders" USING btree ("paid_on") WHERE "orders"."paid_on" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tax_class_check" CHECK ("order_lines"."tax_class" in ('taxable', 'export'));--> statement-breakpoint
-- Orders placed before tax classes were all taxable supplies: each line holds its GST to the cent
-- and the first line takes the rounding difference, so every order keeps the GST it was sold with.
UPDATE "order_lines" SET "gst_cents" = round("unit_cents" * "quantity" / 11.0)::integer;--> statement-breakpoint
UPDATE "orders" SET "shipping_gst_cents" = round("shipping_cents" / 11.0)::integer;--> statement-breakpoint
UPDATE "order_lines" AS "line" SET "gst_cents" = "line"."gst_cents" + "o"."gst_cents" - "o"."shipping_gst_cents" - (SELECT sum("gst_cents") FROM "order_lines" WHERE "order_id" = "o"."id")
FROM "orders" AS "o"
WHERE "o"."id" = "line"."order_id" AND "line"."position" = (SELECT min("position") FROM "order_lines" WHERE "order_id" = "o"."id");
