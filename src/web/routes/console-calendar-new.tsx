import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { ListedForm } from "../../app/forms/ports.ts";
import type { CalendarView, ServiceView, StaffView } from "../../app/business/ports.ts";
import { CALENDAR_FIELDS, CalendarForm, calendarBody, newDraft } from "../features/console/calendar-form.tsx";
import { callApi } from "../features/console/console-api.ts";
import { consolePath, consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { FormProblem } from "../features/console/form-problem.tsx";
import { useSubmission } from "../features/console/use-submission.ts";
import type { Route } from "./+types/console-calendar-new";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const [staff, services, forms] = await Promise.all([
    callApi<StaffView[]>(locale, "GET", "/business/staff"),
    callApi<ServiceView[]>(locale, "GET", "/business/services"),
    callApi<ListedForm[]>(locale, "GET", "/business/forms"),
  ]);
  return { allowed: true as const, locale, currency: session.business.currency, staff, services, forms };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.calendars.newTitle");

/** A new calendar of any type; once created, its own page shows the preview and the link to share. */
export default function ConsoleCalendarNew({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <NewCalendar loaderData={loaderData} />;
}

function NewCalendar({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, currency, staff, services, forms } = loaderData;
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => newDraft(currency));
  const { busy, problem, alertRef, run } = useSubmission();

  const create = () =>
    run(async () => {
      const created = await callApi<CalendarView>(locale, "POST", "/business/calendars", calendarBody(draft, currency));
      await navigate(consolePath(`/console/calendars/${created.id}?created=1`, locale));
    });

  return (
    <section aria-labelledby="new-calendar-title" className="console-screen console-narrow">
      <p className="console-back">
        <Link to={consolePath("/console/calendars", locale)}>{i18n._("console.calendars.back")}</Link>
      </p>
      <div className="console-screen__head">
        <h1 id="new-calendar-title">{i18n._("console.calendars.newTitle")}</h1>
      </div>
      <FormProblem ref={alertRef} problem={problem} fields={CALENDAR_FIELDS} />
      <CalendarForm
        draft={draft}
        onChange={setDraft}
        onSubmit={create}
        problem={problem}
        busy={busy}
        isNew
        staff={staff}
        services={services}
        forms={forms}
        currency={currency}
        submitLabel={i18n._("console.calendars.create")}
      />
    </section>
  );
}
