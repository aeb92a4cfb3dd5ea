import { useLingui } from "@lingui/react";
import { Link } from "react-router";
import type { StaffView, TimeOffView } from "../../../app/business/ports.ts";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { ApiProblem, callApi, type ConsoleSession } from "./console-api.ts";
import { consolePath, requireSession } from "./console-session.ts";
import { ConnectedCalendars, type CalendarConnectionView } from "./connected-calendars.tsx";
import { DateHours } from "./date-hours.tsx";
import { NotAllowed } from "./not-allowed.tsx";
import { TimeOff } from "./time-off.tsx";
import { WeekEditor } from "./week-editor.tsx";

export type StaffHoursData =
  | { kind: "forbidden"; locale: LocaleCode; session: ConsoleSession }
  | { kind: "missing"; locale: LocaleCode; session: ConsoleSession }
  | {
      kind: "found";
      locale: LocaleCode;
      session: ConsoleSession;
      staff: StaffView;
      timeOff: TimeOffView[];
      calendars: CalendarConnectionView[];
    };

/**
 * The hours page of one staff member: an owner may open anyone's, a staff login only its own (the
 * API says the same, staff-access.ts; asking first spares a request bound to be refused).
 */
export async function loadStaffHours(request: Request, staffIdOf: (session: ConsoleSession) => string | null) {
  const { locale, session } = await requireSession(request);
  const staffId = staffIdOf(session);
  if (!staffId) return { kind: "missing", locale, session } satisfies StaffHoursData;
  if (session.user.role !== "owner" && staffId !== session.user.staffId)
    return { kind: "forbidden", locale, session } satisfies StaffHoursData;
  try {
    const base = `/business/staff/${encodeURIComponent(staffId)}`;
    const [staff, timeOff, calendars] = await Promise.all([
      callApi<StaffView>(locale, "GET", base),
      callApi<TimeOffView[]>(locale, "GET", `${base}/time-off`),
      callApi<CalendarConnectionView[]>(locale, "GET", `${base}/calendars`),
    ]);
    return { kind: "found", locale, session, staff, timeOff, calendars } satisfies StaffHoursData;
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) return { kind: "missing", locale, session } as const;
    if (error instanceof ApiProblem && error.status === 403) return { kind: "forbidden", locale, session } as const;
    throw error;
  }
}

/** Weekly hours, date-specific hours, time off and connected calendars of one staff member, each saved on its own. */
export function StaffHoursPage({ data }: { data: StaffHoursData }) {
  const { i18n } = useLingui();
  const { locale, session } = data;
  if (data.kind === "forbidden") return <NotAllowed session={session} locale={locale} />;
  if (data.kind === "missing")
    return (
      <section className="console-screen" aria-labelledby="staff-missing-title">
        <title>{`${i18n._("console.staffHours.missing")} – ${session.business.name}`}</title>
        <h1 id="staff-missing-title">{i18n._("console.staffHours.missing")}</h1>
        {session.user.role === "owner" ? (
          <p>
            <Link to={consolePath("/console/staff", locale)}>{i18n._("console.staffHours.back")}</Link>
          </p>
        ) : null}
      </section>
    );

  const { staff } = data;
  const isOwn = staff.id === session.user.staffId;
  const base = `/business/staff/${encodeURIComponent(staff.id)}`;
  const title = isOwn
    ? i18n._("console.staffHours.ownTitle")
    : i18n._("console.staffHours.title", { name: staff.name });

  return (
    <section className="console-screen" aria-labelledby="staff-hours-title">
      <title>{`${title} – ${session.business.name}`}</title>
      {session.user.role === "owner" ? (
        <p className="console-back">
          <Link to={consolePath("/console/staff", locale)}>{i18n._("console.staffHours.back")}</Link>
        </p>
      ) : null}
      <div className="console-screen__head">
        <h1 id="staff-hours-title">{title}</h1>
        <p className="console-muted">{i18n._("console.staffHours.zone", { zone: staff.timeZone })}</p>
      </div>
      {/* Keyed by the record: another staff member's page starts from their own hours. */}
      <WeekEditor
        key={`week-${staff.id}`}
        locale={locale}
        hours={staff.weeklyHours}
        onSave={async (hours) => {
          await callApi<StaffView>(locale, "PUT", `${base}/weekly-hours`, hours);
        }}
      />
      <DateHours
        key={`dates-${staff.id}`}
        locale={locale}
        timeZone={staff.timeZone}
        overrides={staff.dateOverrides}
        onSet={async (date, intervals) =>
          (await callApi<StaffView>(locale, "PUT", `${base}/date-hours/${date}`, { intervals })).dateOverrides
        }
        onClear={(date) => callApi<undefined>(locale, "DELETE", `${base}/date-hours/${date}`)}
      />
      <TimeOff
        key={`time-off-${staff.id}`}
        locale={locale}
        timeZone={staff.timeZone}
        timeOff={data.timeOff}
        onAdd={(input) => callApi<TimeOffView>(locale, "POST", `${base}/time-off`, input)}
        onRemove={(id) => callApi<undefined>(locale, "DELETE", `${base}/time-off/${encodeURIComponent(id)}`)}
      />
      <ConnectedCalendars
        key={`calendars-${staff.id}`}
        locale={locale}
        connections={data.calendars}
        onConnect={(input) => callApi<CalendarConnectionView>(locale, "POST", `${base}/calendars`, input)}
        onSync={(id) =>
          callApi<CalendarConnectionView>(locale, "POST", `${base}/calendars/${encodeURIComponent(id)}/sync`)
        }
        onRemove={(id) => callApi<undefined>(locale, "DELETE", `${base}/calendars/${encodeURIComponent(id)}`)}
        onNewFeed={() => callApi<{ url: string }>(locale, "POST", `${base}/feed`)}
      />
    </section>
  );
}
