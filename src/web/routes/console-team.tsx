import { useLingui } from "@lingui/react";
import { useMemo, useRef, useState, type FormEvent } from "react";
import type { StaffView } from "../../app/business/ports.ts";
import { languageTag } from "../../i18n/locales.ts";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { ApiProblem, callApi } from "../features/console/console-api.ts";
import { consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { ChoiceField } from "../features/console/choice-field.tsx";
import { ConfirmDialog } from "../features/console/confirm-dialog.tsx";
import { EditorPanel } from "../features/console/editor-panel.tsx";
import { FormProblem } from "../features/console/form-problem.tsx";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { TextField } from "../features/console/text-field.tsx";
import { useRefresh } from "../features/console/use-refresh.ts";
import { useSubmission } from "../features/console/use-submission.ts";
import type { Route } from "./+types/console-team";

/** A console login as GET /api/console/team answers (team-routes.ts). */
interface Member {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: "owner" | "staff";
  readonly staffId: string | null;
  readonly staffName: string | null;
  readonly invitationPending: boolean;
  readonly lastSignInAt: string | null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const [team, staff] = await Promise.all([
    callApi<Member[]>(locale, "GET", "/console/team"),
    callApi<StaffView[]>(locale, "GET", "/business/staff"),
  ]);
  return { allowed: true as const, locale, session, team, staff };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.team.title");

type Role = Member["role"];
type InviteField = "email" | "name" | "staffId";
const INVITE_FIELDS: readonly InviteField[] = ["email", "name", "staffId"];

interface Invitation {
  email: string;
  name: string;
  role: Role;
  staffId: string;
}
const EMPTY: Invitation = { email: "", name: "", role: "staff", staffId: "" };

/** The checks the API makes, said before sending (the API says the same, next to the same field). */
function invitationProblems(draft: Invitation): Partial<Record<InviteField, string>> {
  const problems: Partial<Record<InviteField, string>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) problems.email = "console.team.error.email";
  if (draft.name.trim() === "") problems.name = "console.team.error.name";
  if (draft.role === "staff" && draft.staffId === "") problems.staffId = "console.team.error.staff";
  return problems;
}

/** The localised message of a refusal's field error, or undefined when the refusal is not about it. */
function serverFieldMessage(problem: unknown, field: InviteField): string | undefined {
  if (!(problem instanceof ApiProblem)) return undefined;
  const error = problem.errors.find((e) => e.path === field);
  if (!error) return undefined;
  if (error.code === "EMAIL_TAKEN") return "console.team.error.emailTaken";
  return { email: "console.team.error.email", name: "console.team.error.name", staffId: "console.team.error.staff" }[
    field
  ];
}

/**
 * The owner's team: every login of the business (owners and staff, with the staff member each
 * stands for and when it last signed in), invited by email, sent the invitation again, changed and
 * removed. The server keeps the last owner; its refusal is shown as it says it.
 */
export default function ConsoleTeam({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <TeamScreen loaderData={loaderData} />;
}

function TeamScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, session, team, staff } = loaderData;
  const t = useScreenMessages("console.team");
  const reload = useRefresh();
  const [draft, setDraft] = useState<Invitation>(EMPTY);
  const [tried, setTried] = useState(false);
  const invitation = useSubmission();
  const [announcement, setAnnouncement] = useState("");
  const [listProblem, setListProblem] = useState<unknown>(null);
  const listAlertRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ member: Member; role: Role; staffId: string } | null>(null);
  const editor = useSubmission();
  const editorRefs = { form: useRef<HTMLFormElement>(null), heading: useRef<HTMLHeadingElement>(null) };
  const [removing, setRemoving] = useState<Member | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const roleOptions = [
    { value: "staff", label: i18n._("console.role.staff") },
    { value: "owner", label: i18n._("console.role.owner") },
  ];
  const staffOptions = [{ value: "", label: t("chooseStaff") }, ...staff.map((s) => ({ value: s.id, label: s.name }))];

  const localProblems = tried ? invitationProblems(draft) : {};
  const messageOf = (field: InviteField) => {
    const key = localProblems[field] ?? serverFieldMessage(invitation.problem, field);
    return key ? i18n._(key) : undefined;
  };

  async function invite(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    const problems = invitationProblems(draft);
    const first = INVITE_FIELDS.find((f) => problems[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#field-${first}`)?.focus();
      return;
    }
    const sent = await invitation.run(async () => {
      await callApi(locale, "POST", "/console/team", {
        email: draft.email.trim(),
        name: draft.name.trim(),
        role: draft.role,
        ...(draft.role === "staff" ? { staffId: draft.staffId } : {}),
      });
    });
    if (!sent) return;
    setAnnouncement(t("invited", { email: draft.email.trim() }));
    setDraft(EMPTY);
    setTried(false);
    await reload();
  }

  /** A row's action; its refusal (the last owner …) is shown above the list and focused. */
  async function act(work: () => Promise<unknown>, done: string) {
    setListProblem(null);
    try {
      await work();
      await reload();
      setAnnouncement(done);
    } catch (error) {
      setListProblem(error);
      requestAnimationFrame(() => listAlertRef.current?.focus());
    }
  }

  function startEditing(member: Member) {
    editor.setProblem(null);
    setEditing({ member, role: member.role, staffId: member.staffId ?? "" });
    requestAnimationFrame(() => editorRefs.heading.current?.focus());
  }

  async function saveChange(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const { member, role, staffId } = editing;
    if (role === "staff" && staffId === "") {
      editor.setProblem(new ApiProblem(400, "VALIDATION_FAILED", "", [{ path: "staffId", code: "", message: "" }]));
      editorRefs.form.current?.querySelector<HTMLElement>("#field-change-staffId")?.focus();
      return;
    }
    const saved = await editor.run(() =>
      callApi(locale, "PATCH", `/console/team/${member.id}`, { role, staffId: role === "staff" ? staffId : null }),
    );
    if (!saved) return;
    setEditing(null);
    setAnnouncement(t("changed", { name: member.name }));
    await reload();
  }

  const when = useMemo(
    () =>
      new Intl.DateTimeFormat(languageTag(locale), {
        timeZone: session.business.timeZone,
        dateStyle: "medium",
        timeStyle: "short",
      }),
    [locale, session.business.timeZone],
  );

  return (
    <section aria-labelledby="team-title" className="console-screen console-narrow">
      <div className="console-screen__head">
        <h1 id="team-title">{t("title")}</h1>
      </div>
      <p className="console-muted console-intro">{t("intro")}</p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <section className="console-section" aria-labelledby="team-list">
        <h2 id="team-list">{t("listTitle")}</h2>
        <ProblemAlert ref={listAlertRef} problem={listProblem} />
        <TeamTable
          team={team}
          selfId={session.user.id}
          when={when}
          onResend={(m) =>
            void act(() => callApi(locale, "POST", `/console/team/${m.id}/invitation`), t("resent", { email: m.email }))
          }
          onChange={startEditing}
          onRemove={setRemoving}
        />
      </section>

      {editing ? (
        <EditorPanel
          id="team-change"
          title={t("changeTitle", { name: editing.member.name })}
          level={2}
          className="console-team-change"
          submitLabel={t("save")}
          saving={editor.busy}
          refs={editorRefs}
          onSubmit={saveChange}
          onCancel={() => setEditing(null)}
        >
          <ProblemAlert
            ref={editor.alertRef}
            problem={
              editor.problem instanceof ApiProblem && editor.problem.code === "VALIDATION_FAILED"
                ? null
                : editor.problem
            }
          />
          <ChoiceField
            path="change-role"
            name="role"
            label={t("role")}
            value={editing.role}
            onChange={(role) => setEditing({ ...editing, role: role as Role })}
            options={roleOptions}
            error={undefined}
            isRequired
          />
          {editing.role === "staff" ? (
            <ChoiceField
              path="change-staffId"
              name="staffId"
              label={t("staffMember")}
              hint={t("staffHint")}
              value={editing.staffId}
              onChange={(staffId) => setEditing({ ...editing, staffId })}
              options={staffOptions}
              error={serverFieldMessage(editor.problem, "staffId") ? i18n._("console.team.error.staff") : undefined}
              isRequired
            />
          ) : null}
        </EditorPanel>
      ) : null}

      <section className="console-section" aria-labelledby="team-invite">
        <h2 id="team-invite">{t("inviteTitle")}</h2>
        <FormProblem ref={invitation.alertRef} problem={invitation.problem} fields={INVITE_FIELDS} />
        <form ref={formRef} className="console-form" onSubmit={invite} noValidate>
          <TextField
            name="email"
            type="email"
            autoComplete="off"
            label={i18n._("console.signIn.email")}
            value={draft.email}
            onChange={(email) => setDraft({ ...draft, email })}
            error={messageOf("email")}
            input={{ spellCheck: false }}
          />
          <TextField
            name="name"
            autoComplete="off"
            label={t("name")}
            value={draft.name}
            onChange={(name) => setDraft({ ...draft, name })}
            error={messageOf("name")}
          />
          <ChoiceField
            path="role"
            name="role"
            label={t("role")}
            value={draft.role}
            onChange={(role) => setDraft({ ...draft, role: role as Role })}
            options={roleOptions}
            error={undefined}
            isRequired
          />
          {draft.role === "staff" ? (
            staff.length === 0 ? (
              <p className="console-notice">{t("noStaff")}</p>
            ) : (
              <ChoiceField
                path="staffId"
                name="staffId"
                label={t("staffMember")}
                hint={t("staffHint")}
                value={draft.staffId}
                onChange={(staffId) => {
                  // The staff member's name is the login's name too, unless one was typed.
                  const named = staff.find((s) => s.id === staffId);
                  setDraft({ ...draft, staffId, name: draft.name || named?.name || "" });
                }}
                options={staffOptions}
                error={messageOf("staffId")}
                isRequired
              />
            )
          ) : null}
          <button type="submit" className="console-button" disabled={invitation.busy} aria-busy={invitation.busy}>
            {t("invite")}
          </button>
        </form>
      </section>

      <ConfirmDialog
        title={removing ? t("removeTitle", { name: removing.name }) : null}
        body={t("removeBody")}
        confirmLabel={t("remove")}
        onConfirm={() => {
          const member = removing;
          if (member)
            void act(
              () => callApi(locale, "DELETE", `/console/team/${member.id}`),
              t("removed", { name: member.name }),
            );
        }}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

function TeamTable(props: {
  team: readonly Member[];
  selfId: string;
  when: Intl.DateTimeFormat;
  onResend(member: Member): void;
  onChange(member: Member): void;
  onRemove(member: Member): void;
}) {
  const { i18n } = useLingui();
  const t = useScreenMessages("console.team");
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t("name")}</th>
            <th scope="col">{t("role")}</th>
            <th scope="col">{t("lastSignIn")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.team.map((member) => (
            <tr key={member.id}>
              <td data-label={t("name")}>
                <div className="console-team__who">
                  <strong>{member.name}</strong>
                  {member.id === props.selfId ? <span className="console-muted"> ({t("you")})</span> : null}
                  <span className="console-muted console-team__email">{member.email}</span>
                </div>
              </td>
              <td data-label={t("role")}>
                <span>
                  {i18n._(member.role === "owner" ? "console.role.owner" : "console.role.staff")}
                  {member.staffName ? <span className="console-muted"> · {member.staffName}</span> : null}
                </span>
              </td>
              <td data-label={t("lastSignIn")}>
                <span>
                  {member.invitationPending ? (
                    <span className="console-status console-status--new">{t("pending")}</span>
                  ) : member.lastSignInAt ? (
                    props.when.format(new Date(member.lastSignInAt))
                  ) : (
                    t("never")
                  )}
                </span>
              </td>
              <td>
                <div className="console-row-actions__list">
                  {member.invitationPending ? (
                    <button
                      type="button"
                      className="console-button console-button--quiet console-button--small"
                      onClick={() => props.onResend(member)}
                      aria-label={t("resendOf", { name: member.name })}
                    >
                      {t("resend")}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="console-button console-button--quiet console-button--small"
                    onClick={() => props.onChange(member)}
                    aria-label={t("changeOf", { name: member.name })}
                  >
                    {t("change")}
                  </button>
                  <button
                    type="button"
                    className="console-button console-button--quiet console-button--small"
                    onClick={() => props.onRemove(member)}
                    aria-label={t("removeOf", { name: member.name })}
                  >
                    {t("remove")}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
