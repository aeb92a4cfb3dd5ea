import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { ListedForm } from "../../app/forms/ports.ts";
import type { CalendarView, OneTimeLinkView, ServiceView, StaffView } from "../../app/business/ports.ts";
import { LOCALE_ROUTING } from "../../i18n/routing/config.ts";
import { localePath } from "../components/locale.tsx";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { CALENDAR_FIELDS, CalendarForm, calendarBody, draftOf } from "../features/console/calendar-form.tsx";
import { callApi } from "../features/console/console-api.ts";
import { consolePath, consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { CopyButton } from "../features/console/copy-button.tsx";
import { EmbedSnippetPanel, embedPath, type EmbedSnippet } from "../features/console/embed-snippet-panel.tsx";
import { FormProblem } from "../features/console/form-problem.tsx";
import { OneTimeLinks } from "../features/console/one-time-links.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { useSubmission } from "../features/console/use-submission.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-calendar";

type CalendarWithUrl = CalendarView & { readonly url: string };

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const id = encodeURIComponent(params.calendarId);
  const [calendar, staff, services, links, embed, forms] = await Promise.all([
    callApi<CalendarWithUrl>(locale, "GET", `/business/calendars/${id}`),
    callApi<StaffView[]>(locale, "GET", "/business/staff"),
    callApi<ServiceView[]>(locale, "GET", "/business/services"),
    callApi<OneTimeLinkView[]>(locale, "GET", `/business/one-time-links?calendarId=${id}`),
    callApi<EmbedSnippet>(locale, "GET", embedPath(params.calendarId)),
    callApi<ListedForm[]>(locale, "GET", "/business/forms"),
  ]);
  return {
    allowed: true as const,
    locale,
    session,
    calendar,
    staff,
    services,
    links,
    embed,
    forms,
    loadedAt: Date.now(),
  };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.calendars.title");

/**
 * One calendar: its settings, a live preview of its booking page (reloaded after each save), its
 * link and embed snippet to share, switching it on or off, and its one-time links.
 */
export default function ConsoleCalendar({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <CalendarScreen loaderData={loaderData} />;
}

function CalendarScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { locale, session, staff, services, links, forms } = loaderData;
  const currency = session.business.currency;
  const reload = useRefresh();
  const isNew = new URLSearchParams(useLocation().search).has("created");
  const [calendar, setCalendar] = useState(loaderData.calendar);
  const [draft, setDraft] = useState(() => draftOf(loaderData.calendar, currency));
  const { busy, problem, alertRef, run } = useSubmission();
  const [saved, setSaved] = useState(false);
  const [previewVersion, setPreviewVersion] = useState(0);
  const [activeProblem, setActiveProblem] = useState<unknown>(null);
  const activeAlertRef = useRef<HTMLDivElement>(null);
  const t = useScreenMessages("console.calendars");

  // Another calendar's page (same route, new id): start from its own values.
  useEffect(() => {
    setCalendar(loaderData.calendar);
    setDraft(draftOf(loaderData.calendar, currency));
    setSaved(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another calendar is shown
  }, [loaderData.calendar.id]);

  async function save() {
    setSaved(false);
    await run(async () => {
      const updated = await callApi<CalendarWithUrl>(
        locale,
        "PATCH",
        `/business/calendars/${calendar.id}`,
        calendarBody(draft, currency, calendar),
      );
      setCalendar(updated);
      setDraft(draftOf(updated, currency));
      setSaved(true);
      setPreviewVersion((v) => v + 1);
    });
  }

  /** Shown switched at once; switched back if the server refuses. */
  async function setActive(isActive: boolean) {
    const before = calendar;
    setActiveProblem(null);
    setCalendar({ ...calendar, isActive });
    try {
      const updated = await callApi<CalendarWithUrl>(locale, "PATCH", `/business/calendars/${calendar.id}`, {
        isActive,
      });
      setCalendar(updated);
      setPreviewVersion((v) => v + 1);
    } catch (error) {
      setCalendar(before);
      setActiveProblem(error);
      requestAnimationFrame(() => activeAlertRef.current?.focus());
    }
  }

  // A new key after each save mounts a new frame: the page is loaded again with the saved settings.
  const previewSrc = localePath(`/widget/booking/${calendar.id}`, locale, LOCALE_ROUTING);

  return (
    <section aria-labelledby="calendar-title" className="console-screen">
      <p className="console-back">
        <Link to={consolePath("/console/calendars", locale)}>{t("back")}</Link>
      </p>
      <div className="console-screen__head">
        <h1 id="calendar-title">{calendar.name}</h1>
        <div className="console-calendar__state">
          <span className={`console-state console-state--${calendar.isActive ? "on" : "off"}`}>
            {t(calendar.isActive ? "active" : "inactive")}
          </span>
          <button
            type="button"
            className="console-button console-button--quiet"
            onClick={() => void setActive(!calendar.isActive)}
          >
            {t(calendar.isActive ? "deactivate" : "activate")}
          </button>
        </div>
      </div>
      <ProblemAlert ref={activeAlertRef} problem={activeProblem} />
      {isNew ? (
        <p className="console-notice console-notice--success" role="status">
          {t("created")}
        </p>
      ) : null}
      {!calendar.isActive ? <p className="console-muted console-calendar__off">{t("inactiveHint")}</p> : null}

      <div className="console-calendar">
        <div className="console-calendar__side">
          <section className="console-panel" aria-labelledby="share-title">
            <h2 id="share-title">{t("share.title")}</h2>
            <p className="console-muted">{t("share.linkHint")}</p>
            <p className="console-link-line">
              <a href={calendar.url} target="_blank" rel="noreferrer" id="calendar-link">
                {calendar.url}
              </a>
            </p>
            <CopyButton text={calendar.url} label={t("share.copyLink")} />
            <h3 id="embed-title">{t("share.embedTitle")}</h3>
            <p className="console-muted">{t("share.embedHint")}</p>
            {/* Keyed by calendar: another calendar's page starts from its own snippet. */}
            <EmbedSnippetPanel key={calendar.id} locale={locale} calendarId={calendar.id} initial={loaderData.embed} />
          </section>
          <section className="console-panel" aria-labelledby="preview-title">
            <h2 id="preview-title">{t("preview.title")}</h2>
            <p className="console-muted">{t("preview.hint")}</p>
            <iframe
              key={previewVersion}
              className="console-preview"
              src={previewSrc}
              title={t("preview.frameTitle", { name: calendar.name })}
            />
          </section>
          <OneTimeLinks
            locale={locale}
            timeZone={session.business.timeZone}
            calendarId={calendar.id}
            links={links}
            onChanged={reload}
          />
        </div>
        <div className="console-calendar__main">
          <FormProblem ref={alertRef} problem={problem} fields={CALENDAR_FIELDS} />
          <p className="console-saved" role="status">
            {saved ? t("saved") : ""}
          </p>
          <CalendarForm
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              setSaved(false);
            }}
            onSubmit={save}
            problem={problem}
            busy={busy}
            isNew={false}
            staff={staff}
            services={services}
            forms={forms}
            currency={currency}
            submitLabel={t("save")}
          />
        </div>
      </div>
    </section>
  );
}
