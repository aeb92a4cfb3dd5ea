import { useLingui } from "@lingui/react";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import { useMemo, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { StaffView } from "../../app/business/ports.ts";
import { languageTag, type LocaleCode } from "../../i18n/locales.ts";
import { Field } from "../components/form-field.tsx";
import { callApi, fieldProblem, type ConsoleSession } from "../features/console/console-api.ts";
import { consolePath, requireSession } from "../features/console/console-session.ts";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { WEEKDAYS } from "../features/console/hours-draft.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { EntryList, RowActions } from "../features/console/row-actions.tsx";
import { AddEntryButton, EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { useEditor } from "../features/console/use-editor.ts";
import { ZoneSelect } from "../features/console/zone-select.tsx";
import { TextField } from "../features/console/text-field.tsx";
import { LOCATION_MESSAGES, LocationField, locationOfDraft } from "../features/console/location-field.tsx";
import type { LocationKind } from "../../core/calendar/location.ts";
import type { Route } from "./+types/console-staff";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { locale, session } = await requireSession(request);
  if (session.user.role !== "owner") return { locale, session, staff: null };
  const staff = await callApi<StaffView[]>(locale, "GET", "/business/staff");
  return { locale, session, staff };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

interface Draft {
  /** The staff member being changed; null while adding one. */
  readonly id: string | null;
  readonly name: string;
  readonly email: string;
  readonly timeZone: string;
  readonly photoUrl: string;
  /** Where they receive (ADR 0044), over the service's and the calendar's; "": none of their own. */
  readonly locationKind: LocationKind | "";
  readonly locationValue: string;
}

type FieldName = "name" | "email" | "timeZone" | "photoUrl" | "location";
const FIELDS: readonly FieldName[] = ["name", "email", "timeZone", "photoUrl", "location"];
const MESSAGES: Record<Exclude<FieldName, "location">, string> = {
  name: "console.staff.nameMissing",
  email: "console.staff.emailInvalid",
  timeZone: "console.staff.zoneInvalid",
  photoUrl: "console.staff.photoInvalid",
};

/** The checks the API makes (input-schemas.ts staffFields), said before sending. */
function draftProblems(draft: Draft): Partial<Record<FieldName, string>> {
  const problems: Partial<Record<FieldName, string>> = {};
  if (draft.name.trim() === "") problems.name = MESSAGES.name;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) problems.email = MESSAGES.email;
  if (draft.timeZone === "") problems.timeZone = MESSAGES.timeZone;
  const photo = draft.photoUrl.trim();
  if (photo !== "" && !/^https?:\/\/\S+$/i.test(photo)) problems.photoUrl = MESSAGES.photoUrl;
  const { problem } = locationOfDraft(draft.locationKind, draft.locationValue);
  if (problem) problems.location = problem;
  return problems;
}

/**
 * The staff (owner only): who works here, added, changed and removed; each one's hours on a page of
 * its own. A new staff member goes straight to their hours, the next thing to set.
 */
export default function ConsoleStaff({ loaderData }: Route.ComponentProps) {
  const { locale, session, staff } = loaderData;
  if (staff === null) return <NotAllowed session={session} locale={locale} />;
  return <StaffList locale={locale} session={session} staff={staff} />;
}

function StaffList({ locale, session, staff }: { locale: LocaleCode; session: ConsoleSession; staff: StaffView[] }) {
  const { i18n } = useLingui();
  const t = useScreenMessages("console.staff");
  const navigate = useNavigate();
  const refresh = useRefresh();
  const editor = useEditor<Draft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;
  const dayNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(languageTag(locale), { weekday: "short", timeZone: "UTC" });
    return WEEKDAYS.map((day) => format.format(new Date(Date.UTC(2024, 0, Number(day)))));
  }, [locale]);

  const clientProblems = draft && isChecking ? draftProblems(draft) : {};
  const errorOf = (field: FieldName) =>
    clientProblems[field]
      ? i18n._(clientProblems[field])
      : field === "location"
        ? ["location", "location.kind", "location.value"].some((path) => fieldProblem(problem, path))
          ? i18n._(LOCATION_MESSAGES[draft?.locationKind || "ask_booker"])
          : undefined
        : fieldProblem(problem, field)
          ? i18n._(MESSAGES[field])
          : undefined;
  const onField = FIELDS.some((f) => errorOf(f));

  function save(event: FormEvent) {
    const body = draft && {
      name: draft.name.trim(),
      email: draft.email.trim(),
      timeZone: draft.timeZone,
      photoUrl: draft.photoUrl.trim() || null,
      location: locationOfDraft(draft.locationKind, draft.locationValue).location,
    };
    return editor.submit(event, draft !== null && Object.keys(draftProblems(draft)).length === 0, async () => {
      if (!draft || !body) return;
      if (draft.id === null) {
        // A new staff member goes straight to their hours, the next thing to set.
        const created = await callApi<StaffView>(locale, "POST", "/business/staff", body);
        await navigate(consolePath(`/console/staff/${created.id}`, locale));
        return;
      }
      await callApi<StaffView>(locale, "PATCH", `/business/staff/${encodeURIComponent(draft.id)}`, body);
      await refresh();
      setStatus(i18n._("console.staff.saved", { name: body.name }));
      editor.close();
    });
  }

  const remove = (member: StaffView) =>
    editor.remove(member.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/staff/${encodeURIComponent(member.id)}`);
      await refresh();
      setStatus(i18n._("console.staff.removed", { name: member.name }));
    });
  const removal = useRemoval<StaffView>(
    remove,
    (entry) => i18n._("console.staff.removeTitle", { name: entry.name }),
    i18n._("console.staff.removeBody"),
  );

  const shown = staff.filter((s) => editor.isShown(s.id));

  return (
    <section aria-labelledby="staff-title" className="console-screen">
      <title>{`${i18n._("console.staff.title")} – ${session.business.name}`}</title>
      <div className="console-screen__head">
        <h1 id="staff-title">{i18n._("console.staff.title")}</h1>
        <AddEntryButton
          editor={editor}
          newEntry={(): Draft => ({
            id: null,
            name: "",
            email: "",
            timeZone: session.business.timeZone,
            photoUrl: "",
            locationKind: "",
            locationValue: "",
          })}
          label={i18n._("console.staff.add")}
        />
      </div>
      <ProblemAlert ref={refs.alert} problem={onField ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="staff"
          id={draft.id}
          t={t}
          editTitle={(id) => t("editTitle", { name: staff.find((s) => s.id === id)?.name ?? "" })}
          editor={editor}
          onSubmit={save}
        >
          <div className="console-form-grid">
            <TextField
              name="name"
              path="staff-name"
              label={i18n._("console.staff.name")}
              value={draft.name}
              autoComplete="off"
              input={{ maxLength: 200 }}
              onChange={(name) => setDraft({ ...draft, name })}
              error={errorOf("name")}
            />
            <TextField
              name="email"
              path="staff-email"
              type="email"
              label={i18n._("console.staff.email")}
              hint={i18n._("console.staff.emailHint")}
              value={draft.email}
              autoComplete="off"
              input={{ maxLength: 254 }}
              onChange={(email) => setDraft({ ...draft, email })}
              error={errorOf("email")}
            />
            <Field
              path="staff-zone"
              label={i18n._("console.staff.zone")}
              hint={i18n._("console.staff.zoneHint")}
              error={errorOf("timeZone")}
              isRequired
            >
              {(aria) => (
                <ZoneSelect
                  aria={aria}
                  name="timeZone"
                  value={draft.timeZone}
                  preferred={session.business.timeZone}
                  onChange={(timeZone) => setDraft({ ...draft, timeZone })}
                />
              )}
            </Field>
            <Field
              path="staff-photo"
              label={i18n._("console.staff.photo")}
              hint={i18n._("console.staff.photoHint")}
              error={errorOf("photoUrl")}
            >
              {(aria) => (
                <input
                  {...aria}
                  name="photoUrl"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  maxLength={2000}
                  value={draft.photoUrl}
                  onChange={(e) => setDraft({ ...draft, photoUrl: e.target.value })}
                />
              )}
            </Field>
          </div>
          <LocationField
            path="location"
            kind={draft.locationKind}
            value={draft.locationValue}
            noneLabel={i18n._("console.staff.locationNone")}
            error={errorOf("location")}
            onChange={(locationKind, locationValue) => setDraft({ ...draft, locationKind, locationValue })}
          />
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={i18n._("console.staff.none")}>
        {shown.map((member) => {
          const openDays = WEEKDAYS.filter((d) => (member.weeklyHours[d]?.length ?? 0) > 0)
            .map((d) => dayNames[Number(d) - 1])
            .join(", ");
          return (
            <li key={member.id} className="console-row">
              {member.photoUrl ? (
                <img className="console-row__photo" src={member.photoUrl} alt="" width={48} height={48} />
              ) : (
                <span className="console-row__photo console-row__initials" aria-hidden="true">
                  {initials(member.name)}
                </span>
              )}
              <div className="console-row__main">
                <h2 className="console-row__title">{member.name}</h2>
                <p className="console-muted console-row__detail">
                  {member.email} · {member.timeZone.replace(/_/g, " ")}
                </p>
                <p className="console-muted console-row__detail">
                  {openDays ? i18n._("console.staff.openDays", { days: openDays }) : i18n._("console.staff.noHours")}
                </p>
              </div>
              <RowActions
                name={member.name}
                onEdit={() =>
                  editor.open({
                    id: member.id,
                    name: member.name,
                    email: member.email,
                    timeZone: member.timeZone,
                    photoUrl: member.photoUrl ?? "",
                    locationKind: member.location?.kind ?? "",
                    locationValue: member.location?.value ?? "",
                  })
                }
                onRemove={() => removal.ask(member)}
              >
                <Link
                  className="console-button console-button--quiet"
                  to={consolePath(`/console/staff/${member.id}`, locale)}
                >
                  {i18n._("console.staff.hours")}
                  <span className="visually-hidden"> {member.name}</span>
                </Link>
              </RowActions>
            </li>
          );
        })}
      </EntryList>
      {removal.dialog}
    </section>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
