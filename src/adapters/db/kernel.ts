/**
 * What every repository needs from the database once (issue 12): reading the SQLSTATE out of a
 * driver error; running work again when PostgreSQL gave up on it only because another transaction
 * got in the way (deadlock, serialization failure) — the work itself was sound; a transaction that
 * a refusal rolls back; locking a tenant's row; asking whether a row exists.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.ts";
import type * as t from "./schema.ts";

/** A transaction, as drizzle hands it to `db.transaction`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything a query runs on: the database or a transaction. */
export type Q = Db | Tx;

/** drizzle wraps the driver error; the SQLSTATE is on the cause (or on the error itself). */
export function sqlStateOf(error: unknown): { code: string | null; detail: string; constraint: string | null } {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; detail?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        detail: typeof candidate.detail === "string" ? candidate.detail : "",
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : null,
      };
    }
    e = candidate.cause;
  }
  return { code: null, detail: "", constraint: null };
}

/** Deadlock (40P01) or serialization failure (40001): the same work may succeed if run again. */
export function isTransientConflict(error: unknown): boolean {
  const { code } = sqlStateOf(error);
  return code === "40P01" || code === "40001";
}

/** Runs `work`, again up to `retries` times while it fails only on a transient conflict; then the error stands. */
export async function withConflictRetries<T>(work: () => Promise<T>, retries = 3): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= retries) throw error;
    }
  }
}

/** Thrown inside a transaction to roll it back and answer with a refusal. */
class Refusal<R> extends Error {
  constructor(readonly result: R) {
    super("refused");
  }
}

/**
 * Runs `work` in a transaction, again on a transient conflict. A refusal (`ok: false`) rolls the
 * transaction back — nothing it wrote stays — and is the answer.
 */
export async function inTransaction<R extends { readonly ok: boolean }>(
  db: Db,
  work: (tx: Tx) => Promise<R>,
): Promise<R> {
  try {
    return await withConflictRetries(() =>
      db.transaction(async (tx) => {
        const result = await work(tx);
        if (!result.ok) throw new Refusal(result);
        return result;
      }),
    );
  } catch (error) {
    if (error instanceof Refusal) return error.result as R;
    throw error;
  }
}

/**
 * Replace-writes (delete the children, insert the new set) lock the parent row first: two identical
 * concurrent replacements then run one after the other — the second sees the first's rows and
 * replaces them — instead of both inserting and one failing on the unique key (issue 13).
 */
export async function lockRow(
  tx: Tx,
  table: typeof t.services | typeof t.serviceMenus | typeof t.calendars,
  businessId: string,
  id: string,
) {
  // Scoped by business like every other query: a lock never reaches another tenant's row.
  await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.businessId, businessId)))
    .for("update");
}

/** Whether `query` finds a row. */
export async function exists(q: Q, query: SQL): Promise<boolean> {
  const result = await q.execute(sql`select exists(${query}) as "found"`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { found: boolean }[];
  return rows[0]?.found === true;
}
