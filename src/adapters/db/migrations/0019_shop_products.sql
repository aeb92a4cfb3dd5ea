CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_minor" integer NOT NULL,
	"compare_at_minor" integer,
	"stock_quantity" integer,
	"sku" text
);
--> statement-breakpoint
ALTER TABLE "product_collections" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_type" text DEFAULT 'physical' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "out_of_stock" text DEFAULT 'deny' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_business_slug_uq" ON "products" USING btree ("business_id","slug");--> statement-breakpoint
-- Existing products keep what they had: their price becomes their one variant, their image the
-- first of their gallery, "not available in store" becomes a draft, and their id their slug.
INSERT INTO "product_variants" ("product_id", "position", "options", "price_minor")
  SELECT "id", 0, '{}'::text[], "price_cents" FROM "products";--> statement-breakpoint
UPDATE "products" SET
  "slug" = "id"::text,
  "status" = CASE WHEN "available_in_store" THEN 'active' ELSE 'draft' END,
  "media" = CASE WHEN "image_url" IS NULL THEN '[]'::jsonb
    ELSE jsonb_build_array(jsonb_build_object('url', "image_url", 'alt', "name")) END;
