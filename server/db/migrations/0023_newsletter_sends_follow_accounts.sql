ALTER TABLE "newsletter_sends" DROP CONSTRAINT "newsletter_sends_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;