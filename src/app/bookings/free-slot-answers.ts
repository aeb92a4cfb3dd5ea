/**
 * Free-slots answers kept for repeated queries (issue 22, ADR 0054). A visitor's widget, and every
 * visitor of a popular page, asks the same month again and again; with the busy index warm, what is
 * left per request is the sweep and the serialising of its answer. An answer is reused only when
 * everything it was computed from is provably the same:
 * - the calendar (settings, hours, time off, services, members): the very context object it was
 *   computed from — the calendar cache hands out a new one after any change (`calendar_changes`);
 * - its busy time: the very busy index object — the warm index is brought up to date (one version
 *   query, same snapshot rules as before) on every request first, and hands out a new object as
 *   soon as anything in it changed, a hold expired, or it was read afresh;
 * - the query: every parameter is in the key;
 * - time: `validUntilMs`, the first instant at which the same inputs could give another answer
 *   (see `answerValidUntil`); the answer is used only from the `now` it was computed for up to then.
 */
import type { EpochMs } from "../../core/shared/time.ts";

interface Kept<T> {
  /** Identities of the calendar context and busy index (see `identity`): numbers, so a kept answer pins neither. */
  readonly calendar: number;
  readonly busy: number;
  readonly fromMs: EpochMs;
  readonly validUntilMs: EpochMs;
  readonly answer: T;
  readonly size: number;
}

export interface AnswerCacheOptions {
  /** Answers kept at most (least recently used dropped first). */
  readonly maxEntries?: number;
  /** Estimated bytes kept at most, over all answers. */
  readonly maxBytes?: number;
}

export interface FreeSlotAnswers<T> {
  /** The answer kept for `key`, if it was computed from these same inputs and is still true at `nowMs`. */
  get(key: string, calendar: object, busy: object, nowMs: EpochMs): T | undefined;
  /** Keeps `answer` (of about `size` bytes), true from `nowMs` until `validUntilMs` for these inputs. */
  set(
    key: string,
    calendar: object,
    busy: object,
    nowMs: EpochMs,
    validUntilMs: EpochMs,
    answer: T,
    size: number,
  ): void;
  /** Answers and estimated bytes held (tests and benchmarks). */
  readonly size: number;
  readonly bytes: number;
}

export function createFreeSlotAnswers<T>(options: AnswerCacheOptions = {}): FreeSlotAnswers<T> {
  /** A number per object, never reused: equal numbers mean the same object, which a replaced one never is. */
  const identities = new WeakMap<object, number>();
  let lastIdentity = 0;
  const identity = (of: object): number => {
    let id = identities.get(of);
    if (id === undefined) identities.set(of, (id = ++lastIdentity));
    return id;
  };
  const maxEntries = options.maxEntries ?? 2000;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const kept = new Map<string, Kept<T>>();
  let bytes = 0;

  const drop = (key: string) => {
    const found = kept.get(key);
    if (!found) return;
    kept.delete(key);
    bytes -= found.size;
  };

  return {
    get(key, calendar, busy, nowMs) {
      const found = kept.get(key);
      if (!found) return undefined;
      const stale = found.calendar !== identity(calendar) || found.busy !== identity(busy);
      if (stale || nowMs < found.fromMs || nowMs >= found.validUntilMs) {
        // Its inputs are gone for good (a newer calendar, index or time): nobody can use it again.
        drop(key);
        return undefined;
      }
      // Most recently used last: the first key is the one to drop.
      kept.delete(key);
      kept.set(key, found);
      return found.answer;
    },

    set(key, calendar, busy, nowMs, validUntilMs, answer, size) {
      drop(key);
      if (validUntilMs <= nowMs || size > maxBytes) return;
      kept.set(key, { calendar: identity(calendar), busy: identity(busy), fromMs: nowMs, validUntilMs, answer, size });
      bytes += size;
      while (kept.size > maxEntries || bytes > maxBytes) drop(kept.keys().next().value as string);
    },

    get size() {
      return kept.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
