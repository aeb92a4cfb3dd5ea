-- ADR 0057 (issue 19): no key is global any more but the sign-in address's. The six look-ups by a secret or an
-- outside reference (API key, form upload, one-time link, provider reference, preview token, feed token) keep
-- their index, the hash first, with business_id appended, so the tables can be distributed by business; the
-- look-up by the hash alone stays a named cross-business query. One login per address across the deployment is
-- kept by console_logins (its key is the address; distributed by it on Citus), filled from the users here.
CREATE TABLE "console_logins" (
	"email" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "console_logins" ("email", "business_id", "user_id", "created_at")
  SELECT lower(trim("email")), "business_id", "id", "created_at" FROM "console_users";--> statement-breakpoint
ALTER TABLE "one_time_links" DROP CONSTRAINT "one_time_links_slug_hash_unique";--> statement-breakpoint
ALTER TABLE "form_uploads" DROP CONSTRAINT "form_uploads_token_hash_unique";--> statement-breakpoint
DROP INDEX "console_users_email_uq";--> statement-breakpoint
DROP INDEX "payments_provider_ref_uq";--> statement-breakpoint
DROP INDEX "api_keys_key_hash_uq";--> statement-breakpoint
DROP INDEX "staff_feed_tokens_hash_idx";--> statement-breakpoint
DROP INDEX "preview_tokens_token_hash_uq";--> statement-breakpoint
ALTER TABLE "console_logins" ADD CONSTRAINT "console_logins_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_links_slug_hash_uq" ON "one_time_links" USING btree ("slug_hash","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_uploads_token_hash_uq" ON "form_uploads" USING btree ("token_hash","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider","provider_ref","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_uq" ON "api_keys" USING btree ("key_hash","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_feed_tokens_hash_idx" ON "staff_feed_tokens" USING btree ("token_hash","business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preview_tokens_token_hash_uq" ON "preview_tokens" USING btree ("token_hash","business_id");