/**
 * Proofs of work already spent on a booking (issue 19, ADR 0055): each challenge books at most once.
 * The primary key refuses a second insert, so two processes on one PostgreSQL given the same
 * solution at the same moment cannot both accept it. A row is kept until its challenge expires
 * (after that the signature check refuses it anyway) and is then deleted by whichever process
 * notices first (adapters/db/used-proofs.ts). Not per business: a challenge is issued before the
 * visitor's calendar matters, and the row is deleted within the challenge's lifetime.
 */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const usedBookingProofs = pgTable("used_booking_proofs", {
  /** The challenge (itself a SHA-256 hex digest, unique per issued salt). */
  challenge: text("challenge").primaryKey(),
  /**
   * The Idempotency-Key of the request that spent it: a retry of that same request (a lost answer)
   * may pass again and gets the stored answer; any other use is refused.
   */
  idempotencyKey: text("idempotency_key"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
