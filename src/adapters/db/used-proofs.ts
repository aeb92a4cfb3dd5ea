/**
 * The ledger of spent proofs of work (`used_booking_proofs`, schema-used-proofs.ts; ADR 0055). One
 * statement decides: the insert wins, or the row exists and was spent by a request with the same
 * Idempotency-Key (its retry: the booking's own idempotency answers it), or the proof is refused.
 * Atomic in PostgreSQL and PGlite alike, so two processes given one solution at once accept it once.
 * Expired rows are deleted now and then by whichever process notices, off the request's path.
 */
import type { Database } from "./client.ts";
import { sweepNowAndThen } from "./sweep-now-and-then.ts";

export interface ProofLedger {
  /** True when this request may spend the challenge (first use, or the same key's retry). */
  spend(challenge: string, expiresAt: Date, idempotencyKey: string | null, nowMs: number): Promise<boolean>;
}

const SPEND = `insert into used_booking_proofs as u (challenge, idempotency_key, expires_at) values ($1, $2, $3)
  on conflict (challenge) do update set expires_at = u.expires_at
    where u.idempotency_key is not null and u.idempotency_key = excluded.idempotency_key
  returning 1`;
const SWEEP = `delete from used_booking_proofs where expires_at <= $1`;

export function databaseProofLedger(
  database: Database,
  options: { onSweepError?: (error: unknown) => void } = {},
): ProofLedger {
  const sweep = sweepNowAndThen(database, SWEEP, options.onSweepError);
  return {
    async spend(challenge, expiresAt, idempotencyKey, nowMs) {
      sweep(nowMs);
      const { rows } = await database.execute(SPEND, [challenge, idempotencyKey, expiresAt.toISOString()]);
      return rows.length === 1;
    },
  };
}
