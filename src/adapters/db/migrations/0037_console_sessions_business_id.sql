-- ADR 0057 (issue 19): a console session and a sign-in or reset link carry their user's business (the
-- distribution column on Citus), copied from the user; the user is keyed (id, business_id) and they name it
-- by (user_id, business_id). They are still found by their token's hash before the business is known — a
-- named cross-business secret look-up: the hash leads their key, whose index serves it.
ALTER TABLE "console_link_tokens" DROP CONSTRAINT "console_link_tokens_user_id_console_users_id_fk";--> statement-breakpoint
ALTER TABLE "console_sessions" DROP CONSTRAINT "console_sessions_user_id_console_users_id_fk";--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "console_sessions" s SET "business_id" = u."business_id" FROM "console_users" u WHERE u."id" = s."user_id";--> statement-breakpoint
ALTER TABLE "console_sessions" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "console_link_tokens" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "console_link_tokens" l SET "business_id" = u."business_id" FROM "console_users" u WHERE u."id" = l."user_id";--> statement-breakpoint
ALTER TABLE "console_link_tokens" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "console_users" DROP CONSTRAINT "console_users_pkey";--> statement-breakpoint
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_id_business_id_pk" PRIMARY KEY("id","business_id");--> statement-breakpoint
ALTER TABLE "console_sessions" DROP CONSTRAINT "console_sessions_pkey";--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_token_hash_business_id_pk" PRIMARY KEY("token_hash","business_id");--> statement-breakpoint
ALTER TABLE "console_link_tokens" DROP CONSTRAINT "console_link_tokens_pkey";--> statement-breakpoint
ALTER TABLE "console_link_tokens" ADD CONSTRAINT "console_link_tokens_token_hash_business_id_pk" PRIMARY KEY("token_hash","business_id");--> statement-breakpoint
DROP INDEX "console_sessions_id_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "console_sessions_id_uq" ON "console_sessions" USING btree ("id","business_id");--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_user_id_console_users_id_fk" FOREIGN KEY ("user_id","business_id") REFERENCES "public"."console_users"("id","business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_link_tokens" ADD CONSTRAINT "console_link_tokens_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_link_tokens" ADD CONSTRAINT "console_link_tokens_user_id_console_users_id_fk" FOREIGN KEY ("user_id","business_id") REFERENCES "public"."console_users"("id","business_id") ON DELETE cascade ON UPDATE no action;
