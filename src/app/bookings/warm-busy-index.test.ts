import { describe, expect, it } from "vitest";
import type { BusyIndex, CalendarRules } from "../../core/availability/model.ts";
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
const item = (startMs: number, expiresAtMs: number | null = null, staffId = "s1"): Occupancy => ({
  staffId,
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

/**
 * A store whose rows the test sets; each change bumps the version and names its staff. It counts
 * full loads, version checks and the rows each check returned.
 */
function fakeStore() {
  const state = {
    rows: [item(10 * H)],
    /** The staff each version changed (version n is changes.length). */
    changes: [[]] as string[][],
    loads: 0,
    checks: 0,
    reloaded: 0,
    /** When set, reads wait for it (to interleave them with requests). */
    gate: null as Promise<void> | null,
  };
  const change = (rows: Occupancy[], staff: string[]) => {
    state.rows = rows;
    state.changes.push(staff);
  };
  return {
    state,
    change,
    store: {
      async loadOccupancyVersioned() {
        state.loads++;
        const snapshot = { occupancy: [...state.rows], version: String(state.changes.length) };
        if (state.gate) await state.gate;
        return snapshot;
      },
      async occupancyChangedSince(
        _business: string,
        _staff: readonly string[],
        _from: number,
        _to: number,
        version: string,
      ) {
        state.checks++;
        const changed = [...new Set(state.changes.slice(Number(version)).flat())];
        const occupancy = state.rows.filter((o) => changed.includes(o.staffId));
        const answer = { changed, occupancy, version: String(state.changes.length) };
        state.reloaded += occupancy.length;
        if (state.gate) await state.gate;
        return answer;
      },
    },
  };
}
const starts = (index: BusyIndex, staffId = "s1") => index.byStaff[staffId]?.starts ?? [];
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("warm busy index", () => {
  it("reads everything once, then only asks what changed", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H]);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H]);
    expect(starts(await warm.get("b1", rules, ["s1"], H, 20 * H, 5))).toEqual([10 * H]);
    expect(state.loads).toBe(1);
    expect(state.checks).toBe(2);
    expect(state.reloaded).toBe(0);
  });

  it("replaces only the changed staff's part, though no notification came", async () => {
    const { state, store, change } = fakeStore();
    const both = {
      ...rules,
      type: "round_robin" as const,
      members: [
        { staffId: "s1", priority: 1 },
        { staffId: "s2", priority: 1 },
      ],
    };
    state.rows = [item(10 * H), item(11 * H, null, "s2")];
    const warm = createWarmBusyIndex(store);
    const before = await warm.get("b1", both, ["s1", "s2"], 0, 24 * H, 0);
    expect(before.calendarCountedStarts).toEqual([10 * H, 11 * H]);
    change([item(10 * H), item(11 * H, null, "s2"), item(12 * H, null, "s2")], ["s2"]);
    const after = await warm.get("b1", both, ["s1", "s2"], 0, 24 * H, 0);
    expect(starts(after, "s2")).toEqual([11 * H]);
    expect(after.byStaff.s2?.ends).toEqual([13 * H]);
    expect(after.byStaff.s1).toBe(before.byStaff.s1);
    expect(after.calendarCountedStarts).toEqual([10 * H, 11 * H, 12 * H]);
    expect(state.loads).toBe(1);
    expect(state.reloaded).toBe(2);
    // A staff member left with nothing has no part, as in a fresh index.
    change([item(10 * H)], ["s2"]);
    const emptied = await warm.get("b1", both, ["s1", "s2"], 0, 24 * H, 0);
    expect(emptied.byStaff.s2).toBeUndefined();
    expect(emptied.calendarCountedStarts).toEqual([10 * H]);
  });

  it("reads afresh once a hold in it expires, with nothing changed", async () => {
    const { state, store } = fakeStore();
    state.rows = [item(10 * H), item(14 * H, 100)];
    const warm = createWarmBusyIndex(store);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H, 14 * H]);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 99))).toEqual([10 * H, 14 * H]);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 100))).toEqual([10 * H]);
    expect(state.loads).toBe(2);
  });

  it("a notification brings it up to date in the background: the next request reads nothing more", async () => {
    const { state, store, change } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    change([item(10 * H), item(12 * H)], ["s1"]);
    warm.changed(["someone-else"]);
    await tick();
    expect(state.checks).toBe(0);
    warm.changed(["s1"]);
    warm.changed(["s1"]);
    await tick();
    // One read for the burst.
    expect(state.checks).toBe(1);
    expect(state.reloaded).toBe(2);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H, 12 * H]);
    expect(state.reloaded).toBe(2);
    expect(state.loads).toBe(1);
  });

  it("trusting notifications (embedded): an index nothing was told about needs no version check", async () => {
    const { state, store, change } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    // Not trusted yet (no probe heard): every request checks.
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    expect(state.checks).toBe(1);
    warm.trustNotifications();
    const first = await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    expect(await warm.get("b1", rules, ["s1"], 0, 24 * H, 1)).toBe(first);
    expect(state.checks).toBe(1);
    // Told of a change: the next request checks, even before the background update has run.
    change([item(10 * H), item(12 * H)], ["s1"]);
    warm.changed(["someone-else"]);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 1))).toEqual([10 * H, 12 * H]);
    expect(state.checks).toBe(2);
    // Known current again as of that check.
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 1);
    expect(state.checks).toBe(2);
    // A change told while a read is in flight is not covered by that read.
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    change([item(10 * H), item(12 * H)], ["s1"]);
    warm.changed(["s1"]);
    const during = warm.get("b1", rules, ["s1"], 0, 24 * H, 1);
    change([item(10 * H), item(12 * H), item(15 * H)], ["s1"]);
    warm.changed(["s1"]);
    open();
    state.gate = null;
    await during;
    await tick();
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 1))).toEqual([10 * H, 12 * H, 15 * H]);
    // Time still ends an index: a hold's expiry is not a change anyone tells of.
    state.rows = [item(10 * H), item(14 * H, 100)];
    state.changes.push(["s1"]);
    warm.changed(["s1"]);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 2))).toEqual([10 * H, 14 * H]);
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 100))).toEqual([10 * H]);
  });

  it("does not answer a request from a read that began before it", async () => {
    const { state, store, change } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    // A background read starts (a notification) and is slow; then a booking commits and a request comes.
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    change([item(10 * H), item(12 * H)], ["s1"]);
    warm.changed(["s1"]);
    await tick();
    expect(state.checks).toBe(1);
    state.gate = null;
    change([item(10 * H), item(12 * H), item(14 * H)], ["s1"]);
    const answer = warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    open();
    expect(starts(await answer)).toEqual([10 * H, 12 * H, 14 * H]);
    // The slow read, finished last, does not replace the newer index.
    await tick();
    expect(starts(await warm.get("b1", rules, ["s1"], 0, 24 * H, 0))).toEqual([10 * H, 12 * H, 14 * H]);
  });

  it("requests arriving while a read is in flight share the one read begun after them", async () => {
    const { state, store, change } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    const first = warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    await tick();
    // Committed after the first read began, before the next requests arrived: they must see it.
    state.gate = null;
    change([item(10 * H), item(12 * H)], ["s1"]);
    const later = [1, 2, 3, 4].map((i) => warm.get("b1", rules, ["s1"], 0, 24 * H, i));
    open();
    expect(starts(await first)).toEqual([10 * H]);
    for (const answer of await Promise.all(later)) expect(starts(answer)).toEqual([10 * H, 12 * H]);
    // The version check in flight, and one shared by the four.
    expect(state.checks).toBe(2);
    expect(state.loads).toBe(1);
  });

  it("concurrent first requests share one full read", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store);
    const answers = await Promise.all([1, 2, 3].map(() => warm.get("b1", rules, ["s1"], 0, 24 * H, 0)));
    expect(answers.map((a) => starts(a))).toEqual([[10 * H], [10 * H], [10 * H]]);
    expect(state.loads).toBe(1);
  });

  it("keys indexes by calendar, rules and staff", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store);
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    await warm.get("b1", { ...rules, unconfirmedBlocks: false }, ["s1"], 0, 24 * H, 0);
    await warm.get("b1", { ...rules, calendarId: "other" }, ["s1"], 0, 24 * H, 0);
    await warm.get("b1", rules, ["s1", "s2"], 0, 24 * H, 0);
    expect(state.loads).toBe(4);
    expect(warm.size).toBe(4);
  });

  it("drops the least recently used index beyond its limit, and forgets its staff", async () => {
    const { state, store } = fakeStore();
    const warm = createWarmBusyIndex(store, { maxEntries: 2 });
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    await warm.get("b1", { ...rules, calendarId: "b" }, ["s2"], 0, 24 * H, 0);
    await warm.get("b1", rules, ["s1"], 0, 24 * H, 0);
    await warm.get("b1", { ...rules, calendarId: "c" }, ["s3"], 0, 24 * H, 0);
    expect(warm.size).toBe(2);
    expect(state.checks).toBe(1);
    // "b" went (used least recently): s2's notification finds nothing to read.
    warm.changed(["s2"]);
    await tick();
    expect(state.checks).toBe(1);
  });
});
