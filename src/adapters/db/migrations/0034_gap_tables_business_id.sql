-- ADR 0057 (issue 19): the tables that belong to one business without saying so carry its id, the
-- distribution column on Citus, in their primary key. Rows made before take it from their parent. It
-- is appended (not put first) so that the key's index still serves the look-ups by its leading column
-- (a calendar's members, a menu's services, a staff member's busy changes…); Citus needs the
-- distribution column in the key, in any position.
ALTER TABLE "calendar_members" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "calendar_members" m SET "business_id" = c."business_id" FROM "calendars" c WHERE c."id" = m."calendar_id";--> statement-breakpoint
ALTER TABLE "calendar_members" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_members" DROP CONSTRAINT "calendar_members_calendar_id_staff_id_pk";--> statement-breakpoint
ALTER TABLE "calendar_members" ADD CONSTRAINT "calendar_members_calendar_id_staff_id_business_id_pk" PRIMARY KEY("calendar_id","staff_id","business_id");--> statement-breakpoint
ALTER TABLE "calendar_members" ADD CONSTRAINT "calendar_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_services" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "calendar_services" s SET "business_id" = c."business_id" FROM "calendars" c WHERE c."id" = s."calendar_id";--> statement-breakpoint
ALTER TABLE "calendar_services" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_services" DROP CONSTRAINT "calendar_services_calendar_id_service_id_pk";--> statement-breakpoint
ALTER TABLE "calendar_services" ADD CONSTRAINT "calendar_services_calendar_id_service_id_business_id_pk" PRIMARY KEY("calendar_id","service_id","business_id");--> statement-breakpoint
ALTER TABLE "calendar_services" ADD CONSTRAINT "calendar_services_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_menu_items" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "service_menu_items" i SET "business_id" = m."business_id" FROM "service_menus" m WHERE m."id" = i."service_menu_id";--> statement-breakpoint
ALTER TABLE "service_menu_items" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "service_menu_items" DROP CONSTRAINT "service_menu_items_service_menu_id_service_id_pk";--> statement-breakpoint
ALTER TABLE "service_menu_items" ADD CONSTRAINT "service_menu_items_service_menu_id_service_id_business_id_pk" PRIMARY KEY("service_menu_id","service_id","business_id");--> statement-breakpoint
ALTER TABLE "service_menu_items" ADD CONSTRAINT "service_menu_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_staff" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "service_staff" ss SET "business_id" = s."business_id" FROM "services" s WHERE s."id" = ss."service_id";--> statement-breakpoint
ALTER TABLE "service_staff" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "service_staff" DROP CONSTRAINT "service_staff_service_id_staff_id_pk";--> statement-breakpoint
ALTER TABLE "service_staff" ADD CONSTRAINT "service_staff_service_id_staff_id_business_id_pk" PRIMARY KEY("service_id","staff_id","business_id");--> statement-breakpoint
ALTER TABLE "service_staff" ADD CONSTRAINT "service_staff_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collections" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "product_collections" pc SET "business_id" = p."business_id" FROM "products" p WHERE p."id" = pc."product_id";--> statement-breakpoint
ALTER TABLE "product_collections" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_collections" DROP CONSTRAINT "product_collections_product_id_collection_id_pk";--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_product_id_collection_id_business_id_pk" PRIMARY KEY("product_id","collection_id","business_id");--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "external_busy" e SET "business_id" = c."business_id" FROM "calendar_connections" c WHERE c."id" = e."connection_id";--> statement-breakpoint
ALTER TABLE "external_busy" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "external_busy" ADD CONSTRAINT "external_busy_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- busy_changes has no foreign key to staff: a row whose staff member is gone concerns no warm index.
ALTER TABLE "busy_changes" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "busy_changes" b SET "business_id" = s."business_id" FROM "staff" s WHERE s."id" = b."staff_id";--> statement-breakpoint
DELETE FROM "busy_changes" WHERE "business_id" IS NULL;--> statement-breakpoint
ALTER TABLE "busy_changes" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "busy_changes" DROP CONSTRAINT "busy_changes_staff_id_xid_pk";--> statement-breakpoint
ALTER TABLE "busy_changes" ADD CONSTRAINT "busy_changes_staff_id_xid_business_id_pk" PRIMARY KEY("staff_id","xid","business_id");--> statement-breakpoint
ALTER TABLE "busy_changes" ADD CONSTRAINT "busy_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The busy-change triggers (0014) record each staff member with the business of the rows they saw:
-- (business_id, staff_id) pairs, as two arrays of equal length. The notification is unchanged.
CREATE FUNCTION "note_busy_change"(business_ids uuid[], staff_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF staff_ids IS NULL OR cardinality(staff_ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO busy_changes (business_id, staff_id, xid)
    SELECT b, s, pg_current_xact_id() FROM unnest(business_ids, staff_ids) AS touched(b, s)
    ON CONFLICT DO NOTHING;
  -- A payload is at most 8000 bytes; 100 ids of 37 are well within it.
  PERFORM pg_notify('busy_changes', CASE WHEN cardinality(staff_ids) <= 100 THEN array_to_string(staff_ids, ',') ELSE '' END);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "booking_items_busy_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM note_busy_change(array_agg(business_id), array_agg(staff_id))
      FROM (SELECT DISTINCT business_id, staff_id FROM new_items) AS touched;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM note_busy_change(array_agg(business_id), array_agg(staff_id))
      FROM (SELECT DISTINCT business_id, staff_id FROM old_items) AS touched;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM note_busy_change(array_agg(business_id), array_agg(staff_id))
      FROM (SELECT business_id, staff_id FROM new_items UNION SELECT business_id, staff_id FROM old_items) AS touched;
  ELSE
    -- TRUNCATE has no transition table: everyone's busy time may have changed.
    PERFORM note_busy_change(array_agg(business_id), array_agg(id)) FROM staff;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bookings_busy_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_busy_change(array_agg(business_id), array_agg(staff_id))
    FROM (SELECT DISTINCT bi.business_id, bi.staff_id
            FROM new_bookings n
            JOIN old_bookings o ON o.id = n.id
            JOIN booking_items bi ON bi.booking_id = n.id
           WHERE n.status IS DISTINCT FROM o.status OR n.calendar_id IS DISTINCT FROM o.calendar_id) AS touched;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "class_sessions_busy_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_busy_change(array_agg(business_id), array_agg(staff_id))
    FROM (SELECT DISTINCT n.business_id, n.staff_id
            FROM new_sessions n
            JOIN old_sessions o ON o.id = n.id
           WHERE n.seats_taken IS DISTINCT FROM o.seats_taken OR n.staff_id IS DISTINCT FROM o.staff_id
              OR n.calendar_id IS DISTINCT FROM o.calendar_id) AS touched;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION "note_busy_change"(uuid[]);
