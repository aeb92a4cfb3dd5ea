import { describe, expect, it } from "vitest";
import {
  calendarLinks,
  compactUtc,
  googleCalendarUrl,
  office365CalendarUrl,
  outlookLiveCalendarUrl,
  type CalendarLinkEvent,
} from "./calendar-links.ts";

const event: CalendarLinkEvent = {
  title: "Check-up with Smith & Jones",
  startUtc: "2026-06-15T04:15:00.000Z",
  endUtc: "2026-06-15T04:45:00+00:00",
  details: "Manage your booking: https://book.example.com/manage/t?x=1&y=2\nCancel: …",
  location: "Floor 2, Room 5",
};

describe("calendar links", () => {
  it("Google: TEMPLATE with compact UTC dates and encoded text", () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe(event.title);
    expect(url.searchParams.get("dates")).toBe("20260615T041500Z/20260615T044500Z");
    expect(url.searchParams.get("details")).toBe(event.details);
    expect(url.searchParams.get("location")).toBe(event.location);
    expect(url.search).not.toContain("+");
  });

  it.each([
    ["office365", office365CalendarUrl, "https://outlook.office.com/calendar/0/deeplink/compose"],
    ["outlook.com", outlookLiveCalendarUrl, "https://outlook.live.com/calendar/0/deeplink/compose"],
  ] as const)("%s: compose deeplink with ISO UTC instants", (_name, build, base) => {
    const url = new URL(build(event));
    expect(url.origin + url.pathname).toBe(base);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      subject: event.title,
      startdt: "2026-06-15T04:15:00Z",
      enddt: "2026-06-15T04:45:00Z",
      body: event.details,
      location: event.location,
      path: "/calendar/action/compose",
      rru: "addevent",
    });
  });

  it("leaves out empty optional fields and uses the .ics URL for Apple", () => {
    const links = calendarLinks(
      { ...event, details: null, location: "" },
      "https://book.example.com/api/bookings/b1/calendar.ics?token=t",
    );
    expect(new URL(links.google).searchParams.has("details")).toBe(false);
    expect(new URL(links.outlook).searchParams.has("location")).toBe(false);
    expect(links.apple).toBe("https://book.example.com/api/bookings/b1/calendar.ics?token=t");
  });

  it("compactUtc drops separators and milliseconds", () => {
    expect(compactUtc("2026-03-29T00:30:00.000Z")).toBe("20260329T003000Z");
    expect(compactUtc("2026-03-29T06:15:00+05:45")).toBe("20260329T003000Z");
  });
});
