import { describe, expect, it } from "vitest";
import type { CalendarRules } from "../../core/availability/model.ts";
import type { Occupancy } from "./ports.ts";
import { createWarmBusyIndex } from "./warm-busy-index.ts";

const rules: CalendarRules = {
  calendarId: "cal",
  type: "personal",
  timeZone: "UTC",
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  bookingWindow: { kind: "rolling_days", days: 30 },
  unconfirmedBlocks: true,
  members: [{ staffId: "s1", priority: 1 }],
};
const H = 3_600_000;
const item = (startMs: number, expiresAtMs: number | null = null): Occupancy => ({
  staffId: "s1",
  kind: expiresAtMs === null ? "booking" : "hold",
  startMs,
  endMs: startMs + H,
  blockedStartMs: startMs,
  blockedEndMs: startMs + H,
  bookingId: expiresAtMs === null ? `b${startMs}` : null,
  holdId: expiresAtMs === null ? null : `h${startMs}`,
  sessionId: null,
  calendarId: "cal",
  status: expiresAtMs === null ? "confirmed" : null,
  seats: 1,
  expiresAtMs,
});

/** A store whose rows and version the test sets; it counts loads and version checks. */
function fakeStore() {
  const state = {
    rows: [item(10 * H)],
    version: 1,
    loads: 0,
    checks: 0,
    /** When set, loads wait for it (to interleave them with requests). */
    gate: null as Promise<void> | null,
  };
  return {
    state,
    store: {
      async loadOccupancyVersioned() {
        state.loads++;
        const snapshot = { occupancy: [...state.rows], version: String(state.version) };
        if (state.gate) await state.gate;
        return snapshot;
      },
      async busyChangedSince(_staff: readonly string[], version: string) {
        state.checks++;
        return version !== String(state.version);
      },
    },
  };
}
const starts = (index: { byStaff: Record<string, { starts: readonly number[] }> }) => index.byStaff.s1?.starts ?? [];

describe("warm busy index", () => {
  it("builds once, then serves the warm index while the store's version is unchanged", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store);
    expect(starts(await warm.get(rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H]);
    expect(starts(await warm.get(rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H]);
    expect(starts(await warm.get(rules, ["s1"], H, 20 * H, 5))).toEqual([10 * H]);
    expect(state.loads).toBe(1);
    expect(state.checks).toBe(2);
  });

  it("rebuilds when the version changed, though no notification came", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get(rules, ["s1"], 0, 24 * H, 0);
    state.rows = [item(10 * H), item(12 * H)];
    state.version++;
    expect(starts(await warm.get(rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H, 12 * H]);
    expect(state.loads).toBe(2);
  });

  it("rebuilds once a hold in it expires, with the version unchanged", async () => {
    const { state, store } = fakeStore();
    state.rows = [item(10 * H), item(14 * H, 100)];
    const warm = createWarmBusyIndex(store);
    expect(starts(await warm.get(rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H, 14 * H]);
    expect(starts(await warm.get(rules, ["s1"], 0, 24 * H, 99))).toEqual([10 * H, 14 * H]);
    expect(starts(await warm.get(rules, ["s1"], 0, 24 * H, 100))).toEqual([10 * H]);
    expect(state.loads).toBe(2);
  });

  it("a notification rebuilds in the background, so the next request needs no load", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get(rules, ["s1"], 0, 24 * H, 0);
    state.rows = [item(10 * H), item(12 * H)];
    state.version++;
    warm.changed(["someone-else"]);
    expect(state.loads).toBe(1);
    warm.changed(["s1"]);
    warm.changed(["s1"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One rebuild for the burst.
    expect(state.loads).toBe(2);
    expect(starts(await warm.get(rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H, 12 * H]);
    expect(state.loads).toBe(2);
  });

  it("does not answer a request from a load that began before it", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get(rules, ["s1"], 0, 24 * H, 0);
    // A background rebuild starts (a notification) and is slow; then a booking commits and a request comes.
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    warm.changed(["s1"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.loads).toBe(2);
    state.gate = null;
    state.rows = [item(10 * H), item(12 * H)];
    state.version++;
    const answer = warm.get(rules, ["s1"], 0, 24 * H, 0);
    open();
    expect(starts(await answer)).toEqual([10 * H, 12 * H]);
  });

  it("keys indexes by calendar, rules and staff", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get(rules, ["s1"], 0, 24 * H, 0);
    await warm.get({ ...rules, unconfirmedBlocks: false }, ["s1"], 0, 24 * H, 0);
    await warm.get({ ...rules, calendarId: "other" }, ["s1"], 0, 24 * H, 0);
    await warm.get(rules, ["s1", "s2"], 0, 24 * H, 0);
    expect(state.loads).toBe(4);
    expect(warm.size).toBe(4);
  });

  it("drops the least recently used index beyond its limit, and forgets its staff", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store, { maxEntries: 2 });
    await warm.get(rules, ["s1"], 0, 24 * H, 0);
    await warm.get({ ...rules, calendarId: "b" }, ["s2"], 0, 24 * H, 0);
    await warm.get(rules, ["s1"], 0, 24 * H, 0);
    await warm.get({ ...rules, calendarId: "c" }, ["s3"], 0, 24 * H, 0);
    expect(warm.size).toBe(2);
    // "b" went (used least recently); s2's notification finds nothing to rebuild.
    warm.changed(["s2"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.loads).toBe(3);
    await warm.get(rules, ["s1"], 0, 24 * H, 0);
    expect(state.loads).toBe(3);
  });
});
