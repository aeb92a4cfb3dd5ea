-- ADR 0057 (issue 19): image and product variants carry their parent's business, the distribution
-- column on Citus, first in their primary key. Rows made before take it from their image or product.
ALTER TABLE "image_variants" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "image_variants" v SET "business_id" = i."business_id" FROM "images" i WHERE i."id" = v."image_id";--> statement-breakpoint
ALTER TABLE "image_variants" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variants" DROP CONSTRAINT "image_variants_image_id_width_pk";--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_business_id_image_id_width_pk" PRIMARY KEY("business_id","image_id","width");--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "business_id" uuid;--> statement-breakpoint
UPDATE "product_variants" v SET "business_id" = p."business_id" FROM "products" p WHERE p."id" = v."product_id";--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_pkey";--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_business_id_id_pk" PRIMARY KEY("business_id","id");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
