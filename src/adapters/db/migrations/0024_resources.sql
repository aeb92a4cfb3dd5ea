CREATE TABLE "booking_resource_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"booking_id" uuid,
	"hold_id" uuid,
	"hold_expires_at" timestamp with time zone,
	"unit_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"service_id" uuid,
	"guest_index" integer DEFAULT 0 NOT NULL,
	"blocked" "tstzrange" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "booking_resource_units_owner_check" CHECK (num_nonnulls("booking_resource_units"."booking_id", "booking_resource_units"."hold_id") = 1),
	CONSTRAINT "booking_resource_units_span_check" CHECK ("booking_resource_units"."ends_at" > "booking_resource_units"."starts_at" and lower("booking_resource_units"."blocked") <= "booking_resource_units"."starts_at" and upper("booking_resource_units"."blocked") >= "booking_resource_units"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "resource_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	CONSTRAINT "resource_time_off_span_check" CHECK ("resource_time_off"."ends_at" > "resource_time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "resource_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"capacity" integer NOT NULL,
	"time_zone" text NOT NULL,
	"weekly_hours" jsonb,
	"date_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_kind_check" CHECK ("resources"."kind" in ('room', 'equipment', 'other')),
	CONSTRAINT "resources_capacity_check" CHECK ("resources"."capacity" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "service_resources" (
	"business_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"need" integer NOT NULL,
	"mode" text NOT NULL,
	"resource_id" uuid NOT NULL,
	CONSTRAINT "service_resources_service_id_need_resource_id_pk" PRIMARY KEY("service_id","need","resource_id"),
	CONSTRAINT "service_resources_mode_check" CHECK ("service_resources"."mode" in ('any', 'all'))
);
--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_unit_id_resource_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."resource_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_time_off" ADD CONSTRAINT "resource_time_off_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_time_off" ADD CONSTRAINT "resource_time_off_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_units" ADD CONSTRAINT "resource_units_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_units" ADD CONSTRAINT "resource_units_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_resources" ADD CONSTRAINT "service_resources_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_resources" ADD CONSTRAINT "service_resources_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_resources" ADD CONSTRAINT "service_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_resource_units_booking_idx" ON "booking_resource_units" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_resource_units_hold_idx" ON "booking_resource_units" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "resource_time_off_resource_idx" ON "resource_time_off" USING btree ("resource_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_units_resource_number_uq" ON "resource_units" USING btree ("resource_id","number");--> statement-breakpoint
CREATE INDEX "resources_business_idx" ON "resources" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "service_resources_resource_idx" ON "service_resources" USING btree ("resource_id");--> statement-breakpoint
-- Guarantees drizzle-kit cannot express (see schema-resources.ts, ADR 0038).
-- No unit of a resource holds two active appointments at once, buffers included: 23P01.
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_no_overlap"
  EXCLUDE USING gist ("unit_id" WITH =, "blocked" WITH &&) WHERE ("active");
--> statement-breakpoint
ALTER TABLE "booking_resource_units" ADD CONSTRAINT "booking_resource_units_blocked_not_empty" CHECK (NOT isempty("blocked"));
--> statement-breakpoint
-- A booking's units are active exactly when its staff occupancy is (cancel, confirm, payment expiry).
CREATE FUNCTION "booking_resource_units_follow_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "booking_resource_units" SET "active" = NEW."active"
   WHERE "booking_id" = NEW."booking_id" AND "active" IS DISTINCT FROM NEW."active";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_items_active_to_units" AFTER UPDATE OF "active" ON "booking_items"
  FOR EACH ROW WHEN (NEW."booking_id" IS NOT NULL AND OLD."active" IS DISTINCT FROM NEW."active")
  EXECUTE FUNCTION "booking_resource_units_follow_items"();
