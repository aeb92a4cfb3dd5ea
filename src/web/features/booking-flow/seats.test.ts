import { describe, expect, it } from "vitest";
import { dayEntries, splitSlots } from "./seats.ts";

const t = (date: string, time: string) => `${date}T${time}:00+01:00`;

describe("splitSlots", () => {
  it("keeps plain answers plain (no seat information at all)", () => {
    expect(splitSlots({ "2026-12-01": { slots: [t("2026-12-01", "10:00")] } })).toEqual({
      slots: { "2026-12-01": [t("2026-12-01", "10:00")] },
      seats: null,
    });
  });

  it("separates seats left per time and full classes per date, keeping dates with only full classes", () => {
    const result = splitSlots({
      "2026-12-01": { slots: [t("2026-12-01", "09:00"), t("2026-12-01", "11:00")], seats: [3, 1], full: [] },
      "2026-12-02": { slots: [], seats: [], full: [t("2026-12-02", "09:00")] },
    });
    expect(result.slots).toEqual({
      "2026-12-01": [t("2026-12-01", "09:00"), t("2026-12-01", "11:00")],
      "2026-12-02": [],
    });
    expect(result.seats).toEqual({
      left: { [t("2026-12-01", "09:00")]: 3, [t("2026-12-01", "11:00")]: 1 },
      full: { "2026-12-02": [t("2026-12-02", "09:00")] },
    });
  });
});

describe("dayEntries", () => {
  it("lists a day's times in order, full classes among them, with the seats left", () => {
    const date = "2026-12-01";
    const { slots, seats } = splitSlots({
      [date]: { slots: [t(date, "09:00"), t(date, "11:00")], seats: [4, 2], full: [t(date, "10:00")] },
    });
    expect(dayEntries(date, slots[date]!, seats)).toEqual([
      { start: t(date, "09:00"), isFull: false, seatsLeft: 4 },
      { start: t(date, "10:00"), isFull: true },
      { start: t(date, "11:00"), isFull: false, seatsLeft: 2 },
    ]);
  });

  it("without seat information every time is plain", () => {
    expect(dayEntries("2026-12-01", [t("2026-12-01", "09:00")], null)).toEqual([
      { start: t("2026-12-01", "09:00"), isFull: false, seatsLeft: null },
    ]);
  });
});
