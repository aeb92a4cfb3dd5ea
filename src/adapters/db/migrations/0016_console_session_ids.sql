ALTER TABLE "console_sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE UNIQUE INDEX "console_sessions_id_uq" ON "console_sessions" USING btree ("id");