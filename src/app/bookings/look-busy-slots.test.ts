import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { computeSlots } from "../../core/availability/compute-slots.ts";
import { lookBusyHiddenStarts } from "../../core/availability/look-busy.ts";
import type { SlotQuery, SlotsByDate } from "../../core/availability/model.ts";
import { DEFAULT_CALENDAR_SETTINGS } from "../../core/calendar/calendar-setup.ts";
import type { CalendarType } from "../../core/calendar/calendar.ts";
import { toAvailabilityInput } from "./availability.ts";
import { hideLookBusyStarts } from "./look-busy-slots.ts";
import type { CalendarContext } from "./ports.ts";

const NOW = Date.parse("2026-05-20T00:00:00Z");
const hours = [{ start: "09:00", end: "17:00" }];

function context(type: CalendarType, lookBusyPercent: number): CalendarContext {
  return {
    business: { id: "b", name: "Studio", timeZone: "Europe/Berlin", currency: "EUR" },
    calendar: {
      id: "00000000-0000-4000-8000-000000000201",
      type,
      name: "Intro",
      description: "",
      settings: {
        ...DEFAULT_CALENDAR_SETTINGS,
        minimumNoticeMinutes: 0,
        lookBusyPercent,
        ...(type === "class" ? { seatsPerSlot: 5, guestMode: "none" as const } : {}),
      },
      isLive: true,
    },
    members: [{ staffId: "anna", priority: 0.5, isPrimary: true }],
    staff: [
      {
        id: "anna",
        name: "Anna",
        email: "anna@example.com",
        photoUrl: null,
        timeZone: "Europe/Berlin",
        weeklyHours: { 1: hours, 2: hours, 3: hours, 4: hours, 5: hours, 6: hours, 7: hours },
        dateOverrides: {},
      },
    ],
    services: [],
    timeOff: [],
  };
}

/** What a visitor is shown for `query`, as instants. */
function shown(ctx: CalendarContext, query: SlotQuery): number[] {
  const availability = toAvailabilityInput(ctx, [], NOW);
  const computed = computeSlots(availability, query, NOW);
  if (!computed.ok) throw new Error(JSON.stringify(computed.error));
  const slots: SlotsByDate = hideLookBusyStarts(ctx, availability, query, NOW, computed.value);
  return Object.values(slots).flatMap((d) => d.slots.map((s) => s.startMs));
}

const onBerlinDay = (starts: number[], date: string) =>
  starts.filter((ms) => new Date(ms).toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" }) === date);

describe("Look Busy on the free-slots answer", () => {
  it("hides the same starts of a day whatever range or zone the visitor asks in", () => {
    const ctx = context("personal", 50);
    const oneDay = shown(ctx, { startDate: "2026-06-10", endDate: "2026-06-10", visitorTimeZone: "Europe/Berlin" });
    // 16 half-hour starts, half hidden.
    expect(oneDay).toHaveLength(8);
    const month = shown(ctx, { startDate: "2026-06-01", endDate: "2026-06-30", visitorTimeZone: "Europe/Berlin" });
    expect(onBerlinDay(month, "2026-06-10")).toEqual(oneDay);
    // In Honolulu (UTC−10) Berlin's 10 June is split over two visitor dates; a range ending on the first
    // of them still hides exactly the same starts as the whole day.
    const honolulu = shown(ctx, {
      startDate: "2026-06-09",
      endDate: "2026-06-09",
      visitorTimeZone: "Pacific/Honolulu",
    });
    const part = onBerlinDay(honolulu, "2026-06-10");
    expect(part.length).toBeGreaterThan(0);
    expect(part).toEqual(oneDay.filter((ms) => ms < Date.parse("2026-06-10T10:00:00Z")));
  });

  it("is the same in another process", () => {
    const starts = Array.from({ length: 16 }, (_, i) => Date.parse("2026-06-10T07:00:00Z") + i * 1_800_000);
    const calendar = { calendarId: "00000000-0000-4000-8000-000000000201", timeZone: "Europe/Berlin", percent: 40 };
    const script = `
      import { lookBusyHiddenStarts } from "./src/core/availability/look-busy.ts";
      const hidden = lookBusyHiddenStarts(${JSON.stringify(calendar)}, ${JSON.stringify(starts)});
      process.stdout.write(JSON.stringify([...hidden].sort()));`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual([...lookBusyHiddenStarts(calendar, starts)].sort());
  });

  it("leaves classes and calendars without it untouched", () => {
    const query = { startDate: "2026-06-10", endDate: "2026-06-10", visitorTimeZone: "Europe/Berlin" };
    expect(shown(context("personal", 0), query)).toHaveLength(16);
    // A class stored with Look Busy (the API refuses it; older data might not) shows every class.
    const classCtx = context("class", 50);
    expect(shown(classCtx, query)).toHaveLength(16);
  });
});
