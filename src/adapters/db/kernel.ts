/**
 * What every repository needs from the database once (issue 12): reading the SQLSTATE out of a
 * driver error, and running work again when PostgreSQL gave up on it only because another
 * transaction got in the way (deadlock, serialization failure) — the work itself was sound.
 */

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
