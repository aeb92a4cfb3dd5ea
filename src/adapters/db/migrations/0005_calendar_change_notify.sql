-- Every server process caches calendar contexts (settings, members, services, staff, hours, time off).
-- Any committed change to what a context is built from NOTIFYs `calendar_changes`, whoever made it
-- (the business API, a script, psql, another process); listeners drop their cache (booking-repository.ts).
-- PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION "notify_calendar_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('calendar_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "businesses_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
--> statement-breakpoint
CREATE TRIGGER "calendars_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calendars" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
--> statement-breakpoint
CREATE TRIGGER "calendar_members_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calendar_members" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
--> statement-breakpoint
CREATE TRIGGER "calendar_services_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calendar_services" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
--> statement-breakpoint
CREATE TRIGGER "services_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
--> statement-breakpoint
CREATE TRIGGER "service_staff_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_staff" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
--> statement-breakpoint
CREATE TRIGGER "staff_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
--> statement-breakpoint
CREATE TRIGGER "time_off_calendar_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "time_off" FOR EACH STATEMENT EXECUTE FUNCTION "notify_calendar_change"();
