/**
 * Idempotency keys: a booking's answer is stored with its key (in the booking's own statement for
 * a success), and a replay of the same request gets the very same answer for at least 24 hours.
 * A key is its business's (ADR 0057): every statement but the age purge names the business.
 */
import { and, eq, isNull, lte } from "drizzle-orm";
import type { BookingStore, IdempotencyClaim } from "../../../app/bookings/ports.ts";
import type { LinkSealer } from "../../outbox/link-sealing.ts";
import * as t from "../schema.ts";
import { iso, type Executor } from "./executor.ts";
import { mapManageToken } from "./rows.ts";

/** How long an unanswered idempotency key counts as in flight before it is taken over. */
const IN_FLIGHT_TIMEOUT_MS = 2 * 60_000;
/** Keys are kept at least 24 hours (issue 4); purged lazily after 25. */
const IDEMPOTENCY_RETENTION_MS = 25 * 3_600_000;

export function idempotencyKeys(
  database: Executor,
  secrets: Pick<LinkSealer, "openText">,
): Pick<BookingStore, "claimIdempotencyKey" | "completeIdempotencyKey" | "releaseIdempotencyKey"> & {
  purgeOldKeys(nowMs: number): Promise<void>;
} {
  const db = database.db;
  /** An idempotency key's row (`createdAt` as PostgreSQL text, exact to the microsecond). */
  async function storedKey(businessId: string, endpoint: string, key: string) {
    const { rows } = await database.execute(
      "select request_hash, status_code, response, created_at::text as created_at, (extract(epoch from created_at) * 1000)::float8 as created_ms from idempotency_keys where endpoint = $1 and key = $2 and business_id = $3",
      [endpoint, key, businessId],
      "bookings_key_lookup_v3",
    );
    const row = rows[0];
    if (!row) return null;
    return {
      requestHash: String(row.request_hash),
      statusCode: row.status_code === null || row.status_code === undefined ? null : Number(row.status_code),
      response: row.response,
      createdAt: String(row.created_at),
      createdMs: Number(row.created_ms),
    };
  }

  /**
   * The answer a stored key gives, or null when it was a stale key without an answer (left by a
   * request that died under an earlier version, which claimed keys first) and is now deleted.
   */
  async function answerOf(
    row: NonNullable<Awaited<ReturnType<typeof storedKey>>>,
    businessId: string,
    endpoint: string,
    key: string,
    requestHash: string,
    nowMs: number,
  ): Promise<IdempotencyClaim | null> {
    if (row.requestHash !== requestHash) return { kind: "mismatch" };
    if (row.statusCode !== null) {
      // Stored as JSON text (a jsonb string): jsonb would reorder keys, and a replay must be identical.
      return {
        kind: "replay",
        statusCode: row.statusCode,
        body: mapManageToken(
          typeof row.response === "string" ? JSON.parse(row.response) : row.response,
          secrets.openText,
        ),
      };
    }
    if (row.createdMs >= nowMs - IN_FLIGHT_TIMEOUT_MS) return { kind: "in_flight" };
    const { rows } = await database.execute(
      "delete from idempotency_keys where endpoint = $1 and key = $2 and business_id = $3 and status_code is null and created_at = $4::timestamptz returning key",
      [endpoint, key, businessId, row.createdAt],
    );
    return rows.length > 0 ? null : { kind: "in_flight" };
  }

  /**
   * Lazy retention: roughly one key write in a hundred clears keys older than the retention period —
   * of every business, a housekeeping delete (ADR 0057, "Named cross-business queries" 3).
   */
  async function purgeOldKeys(nowMs: number): Promise<void> {
    if (Math.random() < 0.01)
      await db
        .delete(t.idempotencyKeys)
        .where(lte(t.idempotencyKeys.createdAt, new Date(nowMs - IDEMPOTENCY_RETENTION_MS)));
  }

  return {
    purgeOldKeys,
    async claimIdempotencyKey(businessId, endpoint, key, requestHash, nowMs) {
      await purgeOldKeys(nowMs);
      const row = await storedKey(businessId, endpoint, key);
      if (!row) return { kind: "claimed" };
      return (await answerOf(row, businessId, endpoint, key, requestHash, nowMs)) ?? { kind: "claimed" };
    },

    async completeIdempotencyKey(businessId, { endpoint, key, requestHash, statusCode, body }, nowMs) {
      await purgeOldKeys(nowMs);
      const inserted = await database.execute(
        "insert into idempotency_keys (endpoint, key, business_id, request_hash, status_code, response, created_at) values ($1, $2, $3, $4, $5::int, $6::jsonb, $7::timestamptz) on conflict do nothing returning key",
        [endpoint, key, businessId, requestHash, statusCode, JSON.stringify(JSON.stringify(body)), iso(nowMs)],
        "bookings_complete_key_v3",
      );
      if (inserted.rows.length > 0) return { kind: "claimed" };
      const row = await storedKey(businessId, endpoint, key);
      // Taken over meanwhile (stale and deleted): the client's retry will find the key free.
      return (row && (await answerOf(row, businessId, endpoint, key, requestHash, nowMs))) ?? { kind: "in_flight" };
    },

    async releaseIdempotencyKey(businessId, endpoint, key) {
      await db
        .delete(t.idempotencyKeys)
        .where(
          and(
            eq(t.idempotencyKeys.endpoint, endpoint),
            eq(t.idempotencyKeys.key, key),
            eq(t.idempotencyKeys.businessId, businessId),
            isNull(t.idempotencyKeys.statusCode),
          ),
        );
    },
  };
}
