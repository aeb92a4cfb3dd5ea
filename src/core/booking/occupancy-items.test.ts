import { describe, expect, it } from "vitest";
import { itemsPerTask, unitItems } from "./occupancy-items.ts";

const MIN = 60_000;
const T0 = Date.UTC(2026, 11, 1, 9);
const task = (staffId: string, serviceId: string, from: number, to: number, guestIndex = 0) => ({
  guestIndex,
  serviceId,
  staffId,
  startMs: T0 + from * MIN,
  endMs: T0 + to * MIN,
});

describe("itemsPerTask", () => {
  it("one item per (guest, service), each with its own staff and time", () => {
    const items = itemsPerTask([task("a", "cut", 0, 30), task("b", "colour", 0, 60, 1)], {
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
    });
    expect(items).toEqual([
      {
        staffId: "a",
        serviceId: "cut",
        startMs: T0,
        endMs: T0 + 30 * MIN,
        blockedStartMs: T0,
        blockedEndMs: T0 + 30 * MIN,
      },
      {
        staffId: "b",
        serviceId: "colour",
        startMs: T0,
        endMs: T0 + 60 * MIN,
        blockedStartMs: T0,
        blockedEndMs: T0 + 60 * MIN,
      },
    ]);
  });

  it("splits the buffers between one provider's back-to-back tasks: disjoint, same span as before", () => {
    // Buffers 10 before and 15 after; a does 0–30 for guest 0 and 30–75 for guest 1.
    const items = itemsPerTask([task("a", "colour", 30, 75, 1), task("a", "cut", 0, 30)], {
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 15,
    });
    const a = items.filter((i) => i.staffId === "a").sort((x, y) => x.startMs - y.startMs);
    expect(a.map((i) => [(i.blockedStartMs - T0) / MIN, (i.blockedEndMs - T0) / MIN])).toEqual([
      [-10, 30],
      [30, 90],
    ]);
    // Every item still covers its own appointment (the database's span check).
    for (const i of items) expect(i.blockedStartMs <= i.startMs && i.blockedEndMs >= i.endMs).toBe(true);
  });

  it("a gap shorter than the buffers: the second task's span starts where its buffer begins", () => {
    const items = itemsPerTask([task("a", "cut", 0, 30), task("a", "cut", 40, 70, 1)], {
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 15,
    });
    expect(items.map((i) => [(i.blockedStartMs - T0) / MIN, (i.blockedEndMs - T0) / MIN])).toEqual([
      [-5, 35],
      [35, 85],
    ]);
  });
});

describe("unitItems", () => {
  const withUnit = (unitId: string, serviceId: string, from: number, to: number, guestIndex = 0) => ({
    ...task("a", serviceId, from, to, guestIndex),
    units: [{ resourceId: unitId.split("#")[0] as string, unitId }],
  });
  const buffers = () => ({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
  const spans = (items: ReturnType<typeof unitItems>) =>
    items.map((i) => [i.unitId, (i.blockedStartMs - T0) / MIN, (i.blockedEndMs - T0) / MIN]);

  it("a visitor's two services in one room share the buffer between them: disjoint rows, same span", () => {
    // Massage 0–60 then colour 60–105 in room r#1 (ADR 0038): blocked -10…60 and 60…120, not overlapping.
    const items = unitItems([withUnit("r#1", "massage", 0, 60), withUnit("r#1", "colour", 60, 105)], buffers);
    expect(spans(items)).toEqual([
      ["r#1", -10, 60],
      ["r#1", 60, 120],
    ]);
    for (const i of items) expect(i.blockedStartMs <= i.startMs && i.blockedEndMs >= i.endMs).toBe(true);
  });

  it("different units keep their whole buffers", () => {
    const items = unitItems([withUnit("r#1", "massage", 0, 60), withUnit("r#2", "colour", 60, 105)], buffers);
    expect(spans(items)).toEqual([
      ["r#1", -10, 75],
      ["r#2", 50, 120],
    ]);
  });
});
