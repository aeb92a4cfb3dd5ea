import { useRef, useState } from "react";
import type { ResourceTimeOffView, ResourceView } from "../../app/business/resources.ts";
import type { DateOverrides, WeeklyHours } from "../../core/calendar/calendar.ts";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { ApiProblem, callApi } from "../features/console/console-api.ts";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { DateHours } from "../features/console/date-hours.tsx";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { TimeOff } from "../features/console/time-off.tsx";
import { WeekEditor } from "../features/console/week-editor.tsx";
import type { Route } from "./+types/console-resource";

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const base = `/business/resources/${encodeURIComponent(params.resourceId)}`;
  try {
    const [resource, timeOff] = await Promise.all([
      callApi<ResourceView>(locale, "GET", base),
      callApi<ResourceTimeOffView[]>(locale, "GET", `${base}/time-off`),
    ]);
    return { allowed: true as const, locale, session, resource, timeOff };
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404)
      return { allowed: true as const, locale, session, resource: null, timeOff: [] };
    throw error;
  }
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.resources.hoursTitleShort");

/** A room's or a piece of equipment's opening hours, date-specific hours and time off (owner only). */
export default function ConsoleResource({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <ResourceHours key={loaderData.resource?.id ?? "missing"} loaderData={loaderData} />;
}

/** Monday to Friday, nine to five: where a resource's own hours start from. */
const OFFICE_WEEK: WeeklyHours = Object.fromEntries(
  ["1", "2", "3", "4", "5"].map((day) => [day, [{ start: "09:00", end: "17:00" }]]),
) as WeeklyHours;

function ResourceHours({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { locale, resource } = loaderData;
  const t = useScreenMessages("console.resources");
  // Null: open whenever its staff work; a week: its own hours (shown, saved by the week editor).
  const [hours, setHours] = useState<WeeklyHours | null>(resource?.weeklyHours ?? null);
  const [problem, setProblem] = useState<unknown>(null);
  const [status, setStatus] = useState("");
  // The date overrides as the server last said: a PATCH replaces them whole.
  const overrides = useRef<DateOverrides>(resource?.dateOverrides ?? {});
  const back = { to: "/console/resources", label: t("back") };
  if (!resource)
    return (
      <ConsoleScreen id="resource-title" title={t("missing")} locale={locale} back={back}>
        {null}
      </ConsoleScreen>
    );
  const base = `/business/resources/${encodeURIComponent(resource.id)}`;
  const patch = (body: Partial<Pick<ResourceView, "weeklyHours" | "dateOverrides">>) =>
    callApi<ResourceView>(locale, "PATCH", base, body);

  async function openWithStaff() {
    setProblem(null);
    try {
      await patch({ weeklyHours: null });
      setHours(null);
      setStatus(t("openWithStaffSaved"));
    } catch (error) {
      setProblem(error);
    }
  }

  return (
    <ConsoleScreen
      id="resource-title"
      title={t("hoursTitle", { name: resource.name })}
      locale={locale}
      back={back}
      intro={t("zoneIntro", { zone: resource.timeZone })}
    >
      <section className="console-section" aria-labelledby="resource-opening">
        <h2 id="resource-opening">{t("opening")}</h2>
        <ProblemAlert problem={problem} />
        <p className="console-muted" role="status">
          {status}
        </p>
        {hours === null ? (
          <>
            <p>{t("openWithStaffExplained")}</p>
            <button
              type="button"
              className="console-button"
              onClick={() => {
                setStatus("");
                setHours(OFFICE_WEEK);
              }}
            >
              {t("setOwnHours")}
            </button>
          </>
        ) : (
          <>
            <WeekEditor
              locale={locale}
              hours={hours}
              onSave={async (week) => {
                await patch({ weeklyHours: week });
                setStatus("");
              }}
            />
            <button type="button" className="console-button console-button--quiet" onClick={() => void openWithStaff()}>
              {t("useStaffHours")}
            </button>
          </>
        )}
      </section>
      <DateHours
        locale={locale}
        timeZone={resource.timeZone}
        overrides={resource.dateOverrides}
        onSet={async (date, intervals) => {
          const saved = await patch({ dateOverrides: { ...overrides.current, [date]: intervals } });
          overrides.current = saved.dateOverrides;
          return saved.dateOverrides;
        }}
        onClear={async (date) => {
          const { [date]: _cleared, ...rest } = overrides.current;
          overrides.current = (await patch({ dateOverrides: rest })).dateOverrides;
        }}
      />
      <TimeOff
        locale={locale}
        timeZone={resource.timeZone}
        timeOff={loaderData.timeOff}
        introKey="console.resources.timeOffIntro"
        onAdd={(input) => callApi<ResourceTimeOffView>(locale, "POST", `${base}/time-off`, input)}
        onRemove={(id) => callApi<undefined>(locale, "DELETE", `${base}/time-off/${encodeURIComponent(id)}`)}
      />
    </ConsoleScreen>
  );
}
