ALTER TABLE "order_lines" ADD COLUMN "age_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "adult_declared_at" timestamp with time zone;