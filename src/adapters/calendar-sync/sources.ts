/**
 * The external calendars themselves: a CalDAV server (tsdav: discovery, a time-range query, PUT and
 * DELETE of our events) and a read-only ICS feed. Every request goes through the SSRF guard
 * (guarded-fetch.ts). Google and Microsoft would be two more implementations of CalendarSource
 * (their own APIs and OAuth), documented in ADR 0037 as the next adapters.
 */
import { createDAVClient, type DAVCalendar } from "tsdav";
import { busySpansOf, type BusySpan } from "./ical-busy.ts";
import { fetchFollowing, guardedFetch } from "./guarded-fetch.ts";
import { CalendarUnreachable } from "./sync-failure.ts";

/** A connection as the sources need it: secrets already opened. */
export interface OpenConnection {
  readonly kind: "caldav" | "ics";
  readonly url: string;
  readonly username: string | null;
  readonly password: string | null;
  /** CalDAV: the collection chosen before (null: discover it). */
  readonly calendarUrl: string | null;
  /** The staff member's zone, for floating times and all-day events. */
  readonly timeZone: string;
}

export interface CalendarSource {
  /** The busy time in the window, and (CalDAV) the collection it was read from. Throws when it cannot be read. */
  readBusy(
    connection: OpenConnection,
    window: { fromMs: number; toMs: number },
  ): Promise<{
    spans: BusySpan[];
    calendarUrl: string | null;
  }>;
  /** CalDAV: writes (creates or replaces) one event at `<calendar>/<name>`. */
  putEvent(connection: OpenConnection, name: string, ics: string): Promise<void>;
  /** CalDAV: removes it; one already gone is fine. */
  deleteEvent(connection: OpenConnection, name: string): Promise<void>;
}

const basic = (time: number) => new Date(time).toISOString().slice(0, 19).replace(/[-:]/g, "") + "Z";

export function calendarSources(options: { allowPrivate: boolean }): CalendarSource {
  const fetcher = guardedFetch(options.allowPrivate);

  async function davClient(connection: OpenConnection) {
    return createDAVClient({
      serverUrl: connection.url,
      credentials: { username: connection.username ?? "", password: connection.password ?? "" },
      authMethod: "Basic",
      defaultAccountType: "caldav",
      fetch: fetcher,
    });
  }

  /** The collection: the one chosen before, else the first that holds events. */
  async function calendarOf(client: Awaited<ReturnType<typeof davClient>>, connection: OpenConnection) {
    if (connection.calendarUrl) return { url: connection.calendarUrl } as DAVCalendar;
    const calendars = await client.fetchCalendars();
    const calendar =
      calendars.find((c) => !c.components || c.components.includes("VEVENT")) ?? (calendars[0] as DAVCalendar);
    if (!calendar) throw new CalendarUnreachable("the account has no calendar", "no_calendar");
    return calendar;
  }

  const objectUrl = (calendarUrl: string, name: string) =>
    new URL(encodeURIComponent(name), calendarUrl.endsWith("/") ? calendarUrl : `${calendarUrl}/`).href;

  return {
    async readBusy(connection, window) {
      if (connection.kind === "ics") {
        const response = await fetchFollowing(fetcher, connection.url, {
          headers: { accept: "text/calendar", "user-agent": "booking-widget-calendar-sync/1" },
        });
        if (!response.ok) throw CalendarUnreachable.ofStatus("the feed answered", response.status);
        return { spans: busySpansOf([await response.text()], window, connection.timeZone), calendarUrl: null };
      }
      const client = await davClient(connection);
      const calendar = await calendarOf(client, connection);
      const responses = await client.calendarQuery({
        url: calendar.url,
        props: { "d:getetag": {}, "c:calendar-data": {} },
        filters: {
          "c:comp-filter": {
            _attributes: { name: "VCALENDAR" },
            "c:comp-filter": {
              _attributes: { name: "VEVENT" },
              "c:time-range": { _attributes: { start: basic(window.fromMs), end: basic(window.toMs) } },
            },
          },
        },
        depth: "1",
      });
      // A refused query must not read as "no events": the last known busy time stays in force.
      const failed = responses.find((r) => !r.ok && r.status !== 404);
      if (failed) throw CalendarUnreachable.ofStatus("the calendar answered", failed.status);
      if (responses.length === 1 && responses[0]!.status === 404)
        throw new CalendarUnreachable("the calendar was not found (HTTP 404)", "not_found");
      const texts = responses
        .map((r) => {
          const data = r.props?.calendarData as { _cdata?: string } | string | undefined;
          return typeof data === "string" ? data : (data?._cdata ?? "");
        })
        .filter((text) => text.includes("BEGIN:VCALENDAR"));
      return { spans: busySpansOf(texts, window, connection.timeZone), calendarUrl: calendar.url };
    },

    async putEvent(connection, name, ics) {
      const client = await davClient(connection);
      const calendar = await calendarOf(client, connection);
      const response = await client.updateObject({
        url: objectUrl(calendar.url, name),
        data: ics,
        headers: { "content-type": "text/calendar; charset=utf-8" },
      });
      if (!response.ok) throw CalendarUnreachable.ofStatus("writing the event", response.status);
    },

    async deleteEvent(connection, name) {
      const client = await davClient(connection);
      const calendar = await calendarOf(client, connection);
      const response = await client.deleteObject({ url: objectUrl(calendar.url, name) });
      if (!response.ok && response.status !== 404 && response.status !== 410)
        throw CalendarUnreachable.ofStatus("removing the event", response.status);
    },
  };
}
