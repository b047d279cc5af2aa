ALTER TABLE "orders" ADD COLUMN "placed_as_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every order without an account now was placed as a guest. Those linked at verification before
-- this column existed cannot be told apart; they are counted as the account's.
UPDATE "orders" SET "placed_as_guest" = true WHERE "user_id" IS NULL;
