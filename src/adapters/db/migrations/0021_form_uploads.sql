CREATE TABLE "form_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"submission_id" uuid,
	"field_id" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_uploads_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_uploads" ADD CONSTRAINT "form_uploads_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_uploads_submission_field_idx" ON "form_uploads" USING btree ("submission_id","field_id");--> statement-breakpoint
CREATE INDEX "form_uploads_unclaimed_idx" ON "form_uploads" USING btree ("created_at") WHERE "form_uploads"."submission_id" is null;