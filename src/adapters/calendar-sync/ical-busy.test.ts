import { describe, expect, it } from "vitest";
import { busySpansOf, CalendarDataError, mergeSpans } from "./ical-busy.ts";

const cal = (...body: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", ...body, "END:VCALENDAR"].join("\r\n");
const event = (uid: string, ...lines: string[]) => ["BEGIN:VEVENT", `UID:${uid}`, ...lines, "END:VEVENT"].join("\r\n");
const WINDOW = { fromMs: Date.parse("2026-11-30T00:00:00Z"), toMs: Date.parse("2027-01-31T00:00:00Z") };
const iso = (spans: { startMs: number; endMs: number }[]) =>
  spans.map((s) => [new Date(s.startMs).toISOString(), new Date(s.endMs).toISOString()]);

describe("busySpansOf", () => {
  it("reads UTC, IANA TZIDs, floating and all-day times (the latter two in the staff member's zone)", () => {
    const text = cal(
      event("a", "DTSTART:20261201T090000Z", "DTEND:20261201T100000Z"),
      event("b", "DTSTART;TZID=America/New_York:20261202T090000", "DTEND;TZID=America/New_York:20261202T093000"),
      event("c", "DTSTART:20261203T090000", "DTEND:20261203T100000"),
      event("d", "DTSTART;VALUE=DATE:20261205"),
    );
    expect(iso(busySpansOf([text], WINDOW, "Europe/Berlin"))).toEqual([
      ["2026-12-01T09:00:00.000Z", "2026-12-01T10:00:00.000Z"],
      ["2026-12-02T14:00:00.000Z", "2026-12-02T14:30:00.000Z"],
      ["2026-12-03T08:00:00.000Z", "2026-12-03T09:00:00.000Z"],
      ["2026-12-04T23:00:00.000Z", "2026-12-05T23:00:00.000Z"],
    ]);
  });

  it("uses the file's VTIMEZONE for a zone name that is not IANA's", () => {
    const text = cal(
      [
        "BEGIN:VTIMEZONE",
        "TZID:W. Europe Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16011028T030000",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:16010325T020000",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
      ].join("\r\n"),
      event(
        "w",
        "DTSTART;TZID=W. Europe Standard Time:20261201T120000",
        "DTEND;TZID=W. Europe Standard Time:20261201T130000",
      ),
    );
    expect(iso(busySpansOf([text], WINDOW, "UTC"))).toEqual([["2026-12-01T11:00:00.000Z", "2026-12-01T12:00:00.000Z"]]);
  });

  it("expands recurrences with EXDATE and moved or cancelled occurrences, inside the window only", () => {
    const text = cal(
      event(
        "r",
        "DTSTART:20261130T080000Z",
        "DTEND:20261130T090000Z",
        "RRULE:FREQ=DAILY;COUNT=5",
        "EXDATE:20261201T080000Z",
      ),
      event("r", "RECURRENCE-ID:20261202T080000Z", "DTSTART:20261202T150000Z", "DTEND:20261202T160000Z"),
      event(
        "r",
        "RECURRENCE-ID:20261203T080000Z",
        "DTSTART:20261203T080000Z",
        "DTEND:20261203T090000Z",
        "STATUS:CANCELLED",
      ),
      event("old", "DTSTART:20200101T080000Z", "DTEND:20200101T090000Z", "RRULE:FREQ=YEARLY"),
    );
    expect(iso(busySpansOf([text], WINDOW, "UTC"))).toEqual([
      ["2026-11-30T08:00:00.000Z", "2026-11-30T09:00:00.000Z"],
      ["2026-12-02T15:00:00.000Z", "2026-12-02T16:00:00.000Z"],
      ["2026-12-04T08:00:00.000Z", "2026-12-04T09:00:00.000Z"],
      ["2027-01-01T08:00:00.000Z", "2027-01-01T09:00:00.000Z"],
    ]);
  });

  it("skips transparent events and our own bookings, and refuses what is not iCalendar", () => {
    const text = cal(
      event("t", "DTSTART:20261201T090000Z", "DTEND:20261201T100000Z", "TRANSP:TRANSPARENT"),
      event("0b6c@booking-widget", "DTSTART:20261201T090000Z", "DTEND:20261201T100000Z"),
    );
    expect(busySpansOf([text], WINDOW, "UTC")).toEqual([]);
    expect(() => busySpansOf(["<html>login</html>"], WINDOW, "UTC")).toThrow(CalendarDataError);
  });

  it("merges overlapping and touching spans", () => {
    expect(
      mergeSpans([
        { startMs: 5, endMs: 8 },
        { startMs: 0, endMs: 2 },
        { startMs: 2, endMs: 3 },
        { startMs: 6, endMs: 7 },
      ]),
    ).toEqual([
      { startMs: 0, endMs: 3 },
      { startMs: 5, endMs: 8 },
    ]);
  });
});
