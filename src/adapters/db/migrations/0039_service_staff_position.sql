-- A service's providers keep the order the business gave them in a column of their own (ADR 0057): it was read
-- from the rows' physical order (ctid), which an update, a VACUUM FULL or a shard move on Citus can change. Rows
-- made before take the order they had.
ALTER TABLE "service_staff" ADD COLUMN "position" integer;--> statement-breakpoint
UPDATE "service_staff" s SET "position" = o."position"
  FROM (SELECT ctid AS row_id, (row_number() OVER (PARTITION BY "service_id", "business_id" ORDER BY ctid) - 1)::integer AS "position"
          FROM "service_staff") o
 WHERE s.ctid = o.row_id;--> statement-breakpoint
ALTER TABLE "service_staff" ALTER COLUMN "position" SET NOT NULL;
