-- Busy time changes (issue 22). Each statement that changes occupancy records, in its own transaction,
-- which staff it touched (busy_changes: the version check of every warm busy index) and NOTIFYs
-- `busy_changes` with their ids (comma-separated; empty when too many: "anyone may have changed"), so
-- every server process can refresh what it keeps warm. Statement-level with transition tables: one
-- insert and one notification per statement, however many bookings a batched statement writes.
CREATE FUNCTION "note_busy_change"(staff_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF staff_ids IS NULL OR cardinality(staff_ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO busy_changes (staff_id, xid)
    SELECT s, pg_current_xact_id() FROM unnest(staff_ids) AS s
    ON CONFLICT DO NOTHING;
  -- A payload is at most 8000 bytes; 100 ids of 37 are well within it.
  PERFORM pg_notify('busy_changes', CASE WHEN cardinality(staff_ids) <= 100 THEN array_to_string(staff_ids, ',') ELSE '' END);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "booking_items_busy_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM note_busy_change((SELECT array_agg(DISTINCT staff_id) FROM new_items));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM note_busy_change((SELECT array_agg(DISTINCT staff_id) FROM old_items));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM note_busy_change((SELECT array_agg(DISTINCT staff_id)
      FROM (SELECT staff_id FROM new_items UNION SELECT staff_id FROM old_items) AS touched));
  ELSE
    -- TRUNCATE has no transition table: everyone's busy time may have changed.
    PERFORM note_busy_change((SELECT array_agg(id) FROM staff));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_items_busy_insert" AFTER INSERT ON "booking_items" REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION "booking_items_busy_change"();
--> statement-breakpoint
CREATE TRIGGER "booking_items_busy_update" AFTER UPDATE ON "booking_items" REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION "booking_items_busy_change"();
--> statement-breakpoint
CREATE TRIGGER "booking_items_busy_delete" AFTER DELETE ON "booking_items" REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION "booking_items_busy_change"();
--> statement-breakpoint
CREATE TRIGGER "booking_items_busy_truncate" AFTER TRUNCATE ON "booking_items" FOR EACH STATEMENT EXECUTE FUNCTION "booking_items_busy_change"();
--> statement-breakpoint
-- A booking's status (whether it blocks: cancelled, awaiting confirmation) and calendar (daily limits)
-- are read with its items.
CREATE FUNCTION "bookings_busy_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_busy_change((SELECT array_agg(DISTINCT bi.staff_id)
    FROM new_bookings n
    JOIN old_bookings o ON o.id = n.id
    JOIN booking_items bi ON bi.booking_id = n.id
   WHERE n.status IS DISTINCT FROM o.status OR n.calendar_id IS DISTINCT FROM o.calendar_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_busy_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_bookings NEW TABLE AS new_bookings FOR EACH STATEMENT EXECUTE FUNCTION "bookings_busy_change"();
--> statement-breakpoint
-- A class session's seats taken decide whether it still has room.
CREATE FUNCTION "class_sessions_busy_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_busy_change((SELECT array_agg(DISTINCT n.staff_id)
    FROM new_sessions n
    JOIN old_sessions o ON o.id = n.id
   WHERE n.seats_taken IS DISTINCT FROM o.seats_taken OR n.staff_id IS DISTINCT FROM o.staff_id
      OR n.calendar_id IS DISTINCT FROM o.calendar_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "class_sessions_busy_update" AFTER UPDATE ON "class_sessions" REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION "class_sessions_busy_change"();
