ALTER TABLE "one_time_links" RENAME COLUMN "slug" TO "slug_hash";--> statement-breakpoint
-- Links made before keep working: their slug is replaced by its SHA-256 (hex), as new links store it.
UPDATE "one_time_links" SET "slug_hash" = encode(sha256(convert_to("slug_hash", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "one_time_links" DROP CONSTRAINT "one_time_links_slug_unique";--> statement-breakpoint
ALTER TABLE "one_time_links" ADD CONSTRAINT "one_time_links_slug_hash_unique" UNIQUE("slug_hash");
