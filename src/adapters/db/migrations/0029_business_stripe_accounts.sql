CREATE TABLE "business_stripe_accounts" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"secret_key_sealed" text NOT NULL,
	"publishable_key" text NOT NULL,
	"webhook_secret_sealed" text NOT NULL,
	"mode" text NOT NULL,
	"secret_key_last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account" text DEFAULT 'server' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_stripe_accounts" ADD CONSTRAINT "business_stripe_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;