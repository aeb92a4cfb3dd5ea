CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"email_normalised" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"phone" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "form_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "form_version" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "form_id" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_business_email_uq" ON "contacts" USING btree ("business_id","email_normalised");--> statement-breakpoint
CREATE INDEX "contacts_business_last_seen_idx" ON "contacts" USING btree ("business_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_contact_idx" ON "bookings" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "form_submissions_contact_id_idx" ON "form_submissions" USING btree ("contact_id");--> statement-breakpoint
-- Contacts for what was stored before them: one per business and email, from submissions and bookings.
INSERT INTO "contacts" ("business_id", "email_normalised", "email", "name", "phone", "first_seen_at", "last_seen_at")
SELECT "business_id", "key", min("email"), max("name"), max("phone"), min("at"), max("at") FROM (
  SELECT "business_id", lower(trim("contact_email")) AS "key", trim("contact_email") AS "email", NULL::text AS "name",
         NULL::text AS "phone", "created_at" AS "at"
    FROM "form_submissions" WHERE coalesce(trim("contact_email"), '') <> ''
  UNION ALL
  SELECT "business_id", lower(trim("contact"->>'email')), trim("contact"->>'email'),
         nullif(trim(coalesce("contact"->>'firstName', '') || ' ' || coalesce("contact"->>'lastName', '')), ''),
         nullif("contact"->>'phone', ''), "created_at"
    FROM "bookings" WHERE coalesce(trim("contact"->>'email'), '') <> ''
) AS "seen" GROUP BY "business_id", "key";--> statement-breakpoint
UPDATE "form_submissions" s SET "contact_id" = c."id" FROM "contacts" c
 WHERE c."business_id" = s."business_id" AND c."email_normalised" = lower(trim(s."contact_email"));--> statement-breakpoint
UPDATE "bookings" b SET "contact_id" = c."id" FROM "contacts" c
 WHERE c."business_id" = b."business_id" AND c."email_normalised" = lower(trim(b."contact"->>'email'));
--> statement-breakpoint
-- A calendar's context carries its attached form's current version: a new version drops cached contexts.
CREATE TRIGGER "forms_calendar_change" AFTER UPDATE OR DELETE ON "forms" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
