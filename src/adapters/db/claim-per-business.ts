/**
 * How a worker claims due rows across businesses (ADR 0057, "Named cross-business queries", item 2).
 *
 * On a database sharded by business (Citus), `select … for update` — and so `for update skip locked` —
 * runs in single-shard statements only. So a claim is split in two: a lock-free read of the businesses
 * that have due rows (fanned out to every shard, cheap with the table's partial "due" index), oldest
 * due first, then one claim per business, `… where business_id = $1 … for update skip locked`, routed
 * to that business's shard. Several processes still never claim one row twice: the lock (and the
 * lease the claim writes) is taken per row, as before; a business another process emptied meanwhile
 * just claims nothing. On one PostgreSQL or PGlite it is one more read per poll.
 */

/**
 * Claims up to `limit` rows: `dueBusinesses(limit)` names at most `limit` businesses with due rows (a
 * lock-free read, oldest due first), and `claim(businessId, n)` claims up to `n` of one business's.
 */
export async function claimPerBusiness<T>(
  limit: number,
  dueBusinesses: (limit: number) => Promise<readonly string[]>,
  claim: (businessId: string, limit: number) => Promise<readonly T[]>,
): Promise<T[]> {
  const claimed: T[] = [];
  if (limit <= 0) return claimed;
  for (const businessId of await dueBusinesses(limit)) {
    const left = limit - claimed.length;
    if (left <= 0) break;
    claimed.push(...(await claim(businessId, left)));
  }
  return claimed;
}
