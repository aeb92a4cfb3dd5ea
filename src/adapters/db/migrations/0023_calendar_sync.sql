CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"display_url" text NOT NULL,
	"url_sealed" text NOT NULL,
	"username" text,
	"password_sealed" text,
	"calendar_url" text,
	"write_bookings" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_message" text,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_busy" (
	"connection_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_feed_tokens" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_connection_id_calendar_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."calendar_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_feed_tokens" ADD CONSTRAINT "staff_feed_tokens_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_feed_tokens" ADD CONSTRAINT "staff_feed_tokens_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_connections_staff_idx" ON "calendar_connections" USING btree ("business_id","staff_id");--> statement-breakpoint
CREATE INDEX "calendar_connections_due_idx" ON "calendar_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "external_busy_staff_idx" ON "external_busy" USING btree ("staff_id","ends_at");--> statement-breakpoint
CREATE INDEX "external_busy_connection_idx" ON "external_busy" USING btree ("connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_feed_tokens_hash_idx" ON "staff_feed_tokens" USING btree ("token_hash");--> statement-breakpoint
-- External busy time is part of a calendar's context (like time off): every process drops its cached
-- calendars when it changes (migration 0005). The sync writes only when the spans differ.
CREATE TRIGGER "external_busy_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "external_busy" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
