ALTER TABLE "calendars" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;