CREATE TABLE "used_booking_proofs" (
	"challenge" text PRIMARY KEY NOT NULL,
	"idempotency_key" text,
	"expires_at" timestamp with time zone NOT NULL
);
