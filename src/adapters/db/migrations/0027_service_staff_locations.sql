ALTER TABLE "services" ADD COLUMN "location" jsonb;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "location" jsonb;