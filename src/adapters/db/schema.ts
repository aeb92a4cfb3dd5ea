/**
 * The whole schema, for the query layer (drizzle's `schema` option) and every `import * as t`: the
 * business's set-up and its bookings live in two files that import in one direction only
 * (schema-bookings → schema-business), so there is no import cycle.
 */
export * from "./schema-business.ts";
export * from "./schema-bookings.ts";
export * from "./schema-webhooks.ts";
export * from "./schema-content.ts";
export * from "./schema-forms.ts";
export * from "./schema-console.ts";
export * from "./schema-busy.ts";
export * from "./schema-rate-limits.ts";
export * from "./schema-used-proofs.ts";
export * from "./schema-offers.ts";
export * from "./schema-calendar-sync.ts";
export * from "./schema-resources.ts";
export * from "./schema-images.ts";
export * from "./schema-contacts.ts";
export * from "./schema-payment-accounts.ts";
