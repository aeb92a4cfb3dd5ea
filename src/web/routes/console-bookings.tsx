import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { BusinessBookingView, CalendarView, PaymentView, StaffView } from "../../app/business/ports.ts";
import { callApi, type ConsoleSession } from "../features/console/console-api.ts";
import { requireSession, consoleMeta } from "../features/console/console-session.ts";
import { addDays, formatters, todayIn } from "../features/console/dates.ts";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { visitorName } from "../features/console/visitor-name.ts";
import { WeekView } from "../features/console/week-view.tsx";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { PaymentsAccess } from "../features/console/payments-panel.tsx";
import { BookingCard, type BookingAction, type Names } from "../features/console/booking-card.tsx";
import type { Route } from "./+types/console-bookings";

const RANGES = { today: 1, week: 7, month: 31 } as const;
type RangeName = keyof typeof RANGES;
type View = "list" | "week";
const STATUSES = ["new", "confirmed", "pending_payment", "cancelled"] as const;
/** How often the list asks for new bookings while the page is in view. */
const REFRESH_MS = 15_000;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { locale, session } = await requireSession(request);
  const params = new URL(request.url).searchParams;
  const range: RangeName = (params.get("range") as RangeName) in RANGES ? (params.get("range") as RangeName) : "week";
  const view: View = params.get("view") === "week" ? "week" : "list";
  const today = todayIn(session.business.timeZone);
  const start = params.get("start");
  // The week view shows seven days from `start` (browsable week by week); the list, the range from today.
  const from = view === "week" && start && /^\d{4}-\d{2}-\d{2}$/.test(start) ? start : today;
  const to = addDays(from, view === "week" ? 6 : RANGES[range] - 1);
  const query = new URLSearchParams({ from, to });
  const status = params.get("status");
  if (status && (STATUSES as readonly string[]).includes(status)) query.set("status", status);
  const calendarId = params.get("calendar");
  if (calendarId) query.set("calendarId", calendarId);
  const staffId = params.get("staff");
  if (staffId && session.user.role === "owner") query.set("staffId", staffId);
  const isOwner = session.user.role === "owner";
  const [bookings, calendars, staff] = await Promise.all([
    callApi<BusinessBookingView[]>(locale, "GET", `/business/bookings?${query}`),
    callApi<CalendarView[]>(locale, "GET", "/business/calendars"),
    isOwner ? callApi<StaffView[]>(locale, "GET", "/business/staff") : Promise.resolve([] as StaffView[]),
  ]);
  return { locale, session, range, view, from, bookings, calendars, staff, loadedAt: Date.now() };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.bookings.title");

/**
 * Today's and the coming bookings, by day, in the business's time zone: filter by range, status,
 * calendar and staff; search by visitor; confirm or decline requests and cancel, with the change
 * shown at once and rolled back if the server refuses. New bookings appear without a reload.
 */
export default function ConsoleBookings({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { locale, session, range, view, from, calendars, staff } = loaderData;
  const [opened, setOpened] = useState<string | null>(null);
  const detailsRef = useRef<HTMLDialogElement>(null);
  // Only react-router exports the booking pages use too: each other one grows the chunk they share.
  const location = useLocation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const reload = useRefresh();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await reload();
    } finally {
      setRefreshing(false);
    }
  }, [reload]);
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [overrides, setOverrides] = useState<Record<string, BusinessBookingView["status"]>>({});
  /** What the last confirm, decline or cancel did ("Cancelled: Ivy Tester"), for the status region. */
  const [done, setDone] = useState("");
  const [problem, setProblem] = useState<unknown>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const format = useMemo(() => formatters(locale, session.business.timeZone), [locale, session.business.timeZone]);

  // New bookings appear without a reload: every REFRESH_MS while the page is seen, and at once when
  // the owner comes back to the tab.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && !refreshing) void refresh();
    }, REFRESH_MS);
    const onReturn = () => document.visibilityState === "visible" && !refreshing && void refresh();
    window.addEventListener("focus", onReturn);
    document.addEventListener("visibilitychange", onReturn);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onReturn);
      document.removeEventListener("visibilitychange", onReturn);
    };
  }, [refresh, refreshing]);

  // What the server says wins once it has answered again.
  useEffect(() => setOverrides({}), [loaderData.loadedAt]);

  const names = useMemo(() => namesOf(session, calendars, staff), [session, calendars, staff]);
  const calendarById = useMemo(() => new Map(calendars.map((c) => [c.id, c])), [calendars]);
  const needle = search.trim().toLowerCase();
  const shown = loaderData.bookings
    .map((b) => ({ ...b, status: overrides[b.id] ?? b.status }))
    .filter(
      (b) =>
        needle === "" ||
        `${b.contact.firstName} ${b.contact.lastName} ${b.contact.email} ${b.contact.phone ?? ""}`
          .toLowerCase()
          .includes(needle),
    );
  const days = groupByDay(shown, format.dateOf);
  const openedBooking = shown.find((b) => b.id === opened);

  /** This page with other parameters (filters kept). */
  function withParams(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `?${next}`;
  }
  const viewLink = (to: View) => withParams({ view: to === "list" ? null : "week", start: null });
  const weekLink = (days: number) => withParams({ view: "week", start: addDays(from, days) });

  async function act(booking: BusinessBookingView, action: BookingAction, reason?: string) {
    const next = action === "confirm" ? "confirmed" : "cancelled";
    setProblem(null);
    setOverrides((o) => ({ ...o, [booking.id]: next }));
    setDone("");
    try {
      await callApi(locale, "POST", `/business/bookings/${booking.id}/${action}`, reason ? { reason } : {});
      await refresh();
      // Said to a screen reader too: the card's badge changes silently.
      setDone(i18n._(`console.bookings.done.${action}`, { name: visitorName(booking, i18n) }));
    } catch (error) {
      setOverrides((o) => {
        const { [booking.id]: _rolledBack, ...rest } = o;
        return rest;
      });
      setProblem(error);
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  }

  const reschedule = useMemo(
    () => ({
      loadSlots: async (calendarId: string, date: string) => {
        const zone = session.business.timeZone;
        const query = new URLSearchParams({ startDate: date, endDate: date, timezone: zone });
        const days = await callApi<Record<string, { slots: string[] }>>(
          locale,
          "GET",
          `/calendars/${calendarId}/free-slots?${query}`,
        );
        return days[date]?.slots ?? [];
      },
      onMove: async (booking: BusinessBookingView, startTime: string) => {
        await callApi(locale, "POST", `/business/bookings/${booking.id}/reschedule`, {
          startTime,
          timezone: session.business.timeZone,
        });
        await refresh();
      },
    }),
    [locale, session.business.timeZone, refresh],
  );

  const payments = useMemo<PaymentsAccess | undefined>(
    () =>
      session.user.role === "owner"
        ? {
            load: (bookingId) => callApi<PaymentView[]>(locale, "GET", `/business/bookings/${bookingId}/payments`),
            refund: (bookingId, amountMinor) =>
              callApi<PaymentView[]>(
                locale,
                "POST",
                `/business/bookings/${bookingId}/refund`,
                amountMinor === null ? {} : { amountMinor },
              ),
          }
        : undefined,
    [locale, session.user.role],
  );

  return (
    <section aria-labelledby="bookings-title" className="console-screen">
      <div className="console-screen__head">
        <h1 id="bookings-title">{i18n._("console.bookings.title")}</h1>
        <p className="console-muted">{i18n._("console.bookings.zone", { zone: session.business.timeZone })}</p>
      </div>
      <nav className="console-views" aria-label={i18n._("console.bookings.views")}>
        <Link to={viewLink("list")} aria-current={view === "list" ? "page" : undefined}>
          {i18n._("console.bookings.view.list")}
        </Link>
        <Link to={viewLink("week")} aria-current={view === "week" ? "page" : undefined}>
          {i18n._("console.bookings.view.week")}
        </Link>
        {view === "week" ? (
          <span className="console-views__paging">
            <Link to={weekLink(-7)}>{i18n._("console.bookings.previousWeek")}</Link>
            <Link to={weekLink(7)}>{i18n._("console.bookings.nextWeek")}</Link>
          </span>
        ) : null}
      </nav>
      <Form method="get" className="console-filters" role="search" aria-label={i18n._("console.bookings.filters")}>
        <input type="hidden" name="view" value={view} />
        {view === "week" ? (
          <input type="hidden" name="start" value={from} />
        ) : (
          <label>
            <span>{i18n._("console.bookings.range")}</span>
            <select name="range" defaultValue={range} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
              <option value="today">{i18n._("console.bookings.range.today")}</option>
              <option value="week">{i18n._("console.bookings.range.week")}</option>
              <option value="month">{i18n._("console.bookings.range.month")}</option>
            </select>
          </label>
        )}
        <label>
          <span>{i18n._("console.bookings.status")}</span>
          <select
            name="status"
            defaultValue={params.get("status") ?? ""}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{i18n._("console.bookings.all")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(`console.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{i18n._("console.bookings.calendar")}</span>
          <select
            name="calendar"
            defaultValue={params.get("calendar") ?? ""}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{i18n._("console.bookings.all")}</option>
            {calendars.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {session.user.role === "owner" ? (
          <label>
            <span>{i18n._("console.bookings.staff")}</span>
            <select
              name="staff"
              defaultValue={params.get("staff") ?? ""}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              <option value="">{i18n._("console.bookings.all")}</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="console-filters__search">
          <span>{i18n._("console.bookings.search")}</span>
          <input
            type="search"
            name="q"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={i18n._("console.bookings.searchHint")}
          />
        </label>
        <noscript>
          <button type="submit">{i18n._("console.bookings.apply")}</button>
        </noscript>
      </Form>
      <ProblemAlert ref={alertRef} problem={problem} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {i18n._("console.bookings.count", { count: shown.length })}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {done}
      </p>
      {view === "week" ? (
        <>
          <WeekView
            firstDate={from}
            bookings={shown}
            names={names}
            format={format}
            onOpen={(b) => {
              setOpened(b.id);
              detailsRef.current?.showModal();
            }}
          />
          <dialog
            ref={detailsRef}
            className="console-dialog console-dialog--wide"
            aria-label={i18n._("console.bookings.details")}
            onClose={() => setOpened(null)}
          >
            {openedBooking ? (
              <BookingCard
                booking={openedBooking}
                names={names}
                format={format}
                onAction={act}
                reschedule={reschedule}
                payments={payments}
              />
            ) : null}
            <form method="dialog" className="console-dialog__actions">
              <button type="submit" className="console-button console-button--quiet">
                {i18n._("console.bookings.close")}
              </button>
            </form>
          </dialog>
        </>
      ) : days.length === 0 ? (
        <p className="console-empty">{i18n._("console.bookings.none")}</p>
      ) : (
        days.map(([date, bookings]) => (
          <section key={date} className="console-day" aria-labelledby={`day-${date}`}>
            <h2 id={`day-${date}`}>{format.day(bookings[0]!.startTime)}</h2>
            <ul className="console-list">
              {sessionsOf(bookings, calendarById).map((entry) =>
                "attendees" in entry ? (
                  <li key={entry.key}>
                    {/* Named with its day too: the same class at the same hour on two days are two regions. */}
                    <section className="console-session" aria-labelledby={`session-${entry.key} day-${date}`}>
                      <h3 id={`session-${entry.key}`}>
                        {format.timeRange(entry.startTime, entry.endTime)} · {entry.calendar.name}
                      </h3>
                      <p className="console-muted">
                        {entry.calendar.settings.seatsPerSlot
                          ? i18n._("console.bookings.sessionSeats", {
                              count: entry.seatsTaken,
                              capacity: entry.calendar.settings.seatsPerSlot,
                            })
                          : i18n._("console.bookings.seats", { count: entry.seatsTaken })}
                      </p>
                      <ul className="console-list" aria-label={i18n._("console.bookings.attendees")}>
                        {entry.attendees.map((b) => (
                          <li key={b.id}>
                            <BookingCard booking={b} names={names} format={format} onAction={act} payments={payments} />
                          </li>
                        ))}
                      </ul>
                    </section>
                  </li>
                ) : (
                  <li key={entry.id}>
                    <BookingCard
                      booking={entry}
                      names={names}
                      format={format}
                      onAction={act}
                      reschedule={reschedule}
                      payments={payments}
                    />
                  </li>
                ),
              )}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

function namesOf(session: ConsoleSession, calendars: readonly CalendarView[], staff: readonly StaffView[]): Names {
  const calendarNames = new Map(calendars.map((c) => [c.id, c.name]));
  const staffNames = new Map(staff.map((s) => [s.id, s.name]));
  if (session.user.staffId) staffNames.set(session.user.staffId, session.user.name);
  return { calendar: (id) => calendarNames.get(id) ?? "", staff: (id) => staffNames.get(id) ?? "" };
}

interface ClassSession {
  readonly key: string;
  readonly calendar: CalendarView;
  readonly startTime: string;
  readonly endTime: string;
  readonly seatsTaken: number;
  readonly attendees: BusinessBookingView[];
}

/** A day's bookings, with a class's bookings at one time gathered into its session and attendee list. */
function sessionsOf(
  bookings: readonly BusinessBookingView[],
  calendarById: ReadonlyMap<string, CalendarView>,
): (BusinessBookingView | ClassSession)[] {
  const entries: (BusinessBookingView | ClassSession)[] = [];
  const sessions = new Map<string, { -readonly [K in keyof ClassSession]: ClassSession[K] }>();
  for (const b of bookings) {
    const calendar = calendarById.get(b.calendarId);
    if (calendar?.type !== "class") {
      entries.push(b);
      continue;
    }
    const key = `${b.calendarId}-${b.startTime}`;
    let entry = sessions.get(key);
    if (!entry) {
      entry = { key, calendar, startTime: b.startTime, endTime: b.endTime, seatsTaken: 0, attendees: [] };
      sessions.set(key, entry);
      entries.push(entry);
    }
    entry.attendees.push(b);
    if (b.status !== "cancelled") entry.seatsTaken += b.seats;
  }
  return entries;
}

function groupByDay<B extends { startTime: string }>(bookings: readonly B[], dateOf: (iso: string) => string) {
  const days = new Map<string, B[]>();
  for (const b of bookings) {
    const date = dateOf(b.startTime);
    days.set(date, [...(days.get(date) ?? []), b]);
  }
  return [...days];
}
