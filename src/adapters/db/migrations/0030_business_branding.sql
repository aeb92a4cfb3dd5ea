ALTER TABLE "businesses" ADD COLUMN "logo_image_id" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "brand_colour" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "theme" text DEFAULT 'light' NOT NULL;