/**
 * Smart batching of independent writes (ADR 0011). A write goes out at once when fewer than
 * `concurrency` batches are in flight; otherwise it waits, and every write that arrived meanwhile
 * goes out together as ONE statement when a batch completes. Nothing waits on a timer: an idle
 * server writes each booking alone with no added latency, a busy one pays one round trip, one
 * statement and one commit for many bookings.
 *
 * A batch is all or nothing, so one refused write must not refuse its neighbours:
 * - writes that share a conflict key (a staff member, an idempotency key) never share a batch,
 *   so the usual refusal — two visitors wanting the same staff time — fails a batch of one;
 * - a batch that fails anyway (it met a row committed by another batch or process) is written
 *   again one write at a time, and each write gets its own outcome.
 * The database's guarantees are untouched: every row is checked by the same constraints.
 */

export interface WriteBatcherOptions<T> {
  /** Batches in flight at once. */
  readonly concurrency: number;
  /** Writes in one batch at most. */
  readonly maxBatch: number;
  /** Keys two writes of one batch must not share (they could refuse each other). */
  readonly conflictKeys: (write: T) => Iterable<string>;
  /** Writes the items in one atomic statement: all are written, or it throws and none is. */
  readonly writeBatch: (writes: readonly T[]) => Promise<void>;
}

export interface WriteBatcher<T> {
  /** Resolves once the write is committed; rejects with the database's error for this write alone. */
  write(item: T): Promise<void>;
}

interface Pending<T> {
  readonly item: T;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export function createWriteBatcher<T>(options: WriteBatcherOptions<T>): WriteBatcher<T> {
  const queue: Pending<T>[] = [];
  let inFlight = 0;

  /** The next batch: queued writes in arrival order, skipping any that conflict with one already taken. */
  function takeBatch(): Pending<T>[] {
    const batch: Pending<T>[] = [];
    const taken = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < options.maxBatch;) {
      const keys = [...options.conflictKeys(queue[i]!.item)];
      if (keys.some((k) => taken.has(k))) {
        i++;
        continue;
      }
      for (const k of keys) taken.add(k);
      batch.push(queue.splice(i, 1)[0]!);
    }
    return batch;
  }

  async function run(batch: Pending<T>[]): Promise<void> {
    try {
      await options.writeBatch(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
    }
    // Someone's write was refused: find whose, one write at a time.
    for (const p of batch) {
      try {
        await options.writeBatch([p.item]);
        p.resolve();
      } catch (error) {
        p.reject(error);
      }
    }
  }

  function pump(): void {
    while (inFlight < options.concurrency && queue.length > 0) {
      const batch = takeBatch();
      inFlight++;
      void run(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    write(item) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
