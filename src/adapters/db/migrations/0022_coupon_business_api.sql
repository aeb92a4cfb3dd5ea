DROP INDEX "coupons_business_code_uq";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_business_code_uq" ON "coupons" USING btree ("business_id","code") WHERE "coupons"."deleted_at" is null;