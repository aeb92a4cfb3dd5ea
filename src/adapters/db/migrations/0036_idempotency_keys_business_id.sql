-- ADR 0057 (issue 19): an idempotency key is its business's. It is written in the booking's own statement,
-- so on Citus it must lie on the booking's shard: it carries business_id, and its key is
-- (endpoint, key, business_id) — appended, so the key's index still serves the look-up by (endpoint, key).
-- Keys past their 25 hours of life (IDEMPOTENCY_RETENTION_MS) would be purged anyway: they go first.
DELETE FROM "idempotency_keys" WHERE "created_at" < now() - interval '25 hours';--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "business_id" uuid;--> statement-breakpoint
-- A booking's stored answer (201) names its booking (a series' first): the key takes that booking's
-- business. The answer is JSON text kept as a jsonb string (a replay returns its very bytes).
UPDATE "idempotency_keys" k SET "business_id" = b."business_id" FROM "bookings" b
 WHERE k."status_code" = 201
   AND b."id"::text = (k."response" #>> '{}')::jsonb ->> 'id';--> statement-breakpoint
-- What is left names no business: refusals (their answer names no booking nor calendar), answers in
-- flight of a crashed request, keys of bookings since deleted. They are dropped (ADR 0057): a retry of
-- such a request is decided afresh, as one with a new key would be. No booking is lost or made twice —
-- every booking's key is kept above; at worst the retry of a refused request books a time freed since.
DELETE FROM "idempotency_keys" WHERE "business_id" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "business_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_endpoint_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_endpoint_key_business_id_pk" PRIMARY KEY("endpoint","key","business_id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
