-- Guarantees drizzle-kit cannot express (see schema-bookings.ts). PostgreSQL 15 and 18 alike.
-- btree_gist lets a GiST index compare uuid with "=" next to the range "&&"; it is a trusted
-- extension (PostgreSQL 13+), and PGlite loads it from @electric-sql/pglite/contrib/btree_gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- No two active occupancies of one staff member overlap, buffers included: refused with 23P01.
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, "blocked" WITH &&) WHERE ("active");
--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_blocked_not_empty" CHECK (NOT isempty("blocked"));
