import { useLingui } from "@lingui/react";
import type { FormEvent } from "react";
import type { CalendarView } from "../../app/business/ports.ts";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { callApi } from "../features/console/console-api.ts";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { AddEntryButton, EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { isAboutFields, messageAt, problemAt } from "../features/console/field-problems.ts";
import {
  groupBody,
  groupCalendarChanges,
  groupDraftOf,
  NEW_GROUP,
  type GroupDraft,
  type GroupField,
  type GroupFields,
} from "../features/console/group-menu-draft.ts";
import { NamedEntryFields, PublicLink } from "../features/console/named-entry-fields.tsx";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { OrderedChoice } from "../features/console/ordered-choice.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { EntryList, RowActions, RowLink } from "../features/console/row-actions.tsx";
import { useEditor } from "../features/console/use-editor.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-groups";

type Group = GroupFields & { readonly url: string };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const [groups, calendars] = await Promise.all([
    callApi<Group[]>(locale, "GET", "/business/groups"),
    callApi<CalendarView[]>(locale, "GET", "/business/calendars"),
  ]);
  return { allowed: true as const, locale, session, groups, calendars };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.groups.title");

const FIELDS: readonly string[] = ["name", "slug", "description", "isActive", "calendarIds", "groupId", "position"];
const SERVER_MESSAGES: Record<GroupField, string> = {
  name: "console.groups.error.name",
  slug: "console.products.error.slug",
  description: "console.groups.error.description",
  calendarIds: "console.groups.error.calendars",
};

/**
 * The business's groups (owner only; issue 18): pages that list some of its calendars, in an
 * order put by drag or by keyboard. A calendar is in one group at most; choosing one that is in
 * another group moves it here, and the add list says where each one is now.
 */
export default function ConsoleGroups({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <GroupsScreen loaderData={loaderData} />;
}

function GroupsScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, groups, calendars } = loaderData;
  const t = useScreenMessages("console.groups");
  const refresh = useRefresh();
  const editor = useEditor<GroupDraft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;
  const groupNames = new Map(groups.map((g) => [g.id, g.name]));
  const calendarNames = new Map(calendars.map((c) => [c.id, c.name]));

  const clientProblems = draft && isChecking ? groupBody(draft).problems : {};
  const errorOf = (field: GroupField): string | undefined => {
    const key = clientProblems[field];
    if (key) return i18n._(key);
    if (field === "slug" && problemAt(problem, field)?.code === "SLUG_TAKEN") return t("error.slugTaken");
    // A calendar the group could not take (removed meanwhile) is refused at its own PATCH: shown here.
    if (field === "calendarIds" && (problemAt(problem, "groupId") || problemAt(problem, "position")))
      return i18n._(SERVER_MESSAGES.calendarIds);
    return messageAt(i18n, problem, field, SERVER_MESSAGES[field]);
  };

  function save(event: FormEvent) {
    const checked = draft && groupBody(draft);
    return editor.submit(event, checked !== null && Object.keys(checked.problems).length === 0, async () => {
      if (!draft || !checked) return;
      const saved =
        draft.id === null
          ? await callApi<Group>(locale, "POST", "/business/groups", checked.body)
          : await callApi<Group>(locale, "PATCH", `/business/groups/${encodeURIComponent(draft.id)}`, checked.body);
      // A new group's calendars join once it has an id; after a refusal here the group exists, so
      // the form goes on as its edit (saving again does not make a second group).
      if (draft.id === null) setDraft({ ...draft, id: saved.id });
      for (const change of groupCalendarChanges(calendars, saved.id, draft.calendarIds))
        await callApi(locale, "PATCH", `/business/calendars/${encodeURIComponent(change.calendarId)}`, change.body);
      await refresh();
      setStatus(t("saved", { name: checked.body.name }));
      editor.close();
    });
  }

  const remove = (group: Group) =>
    editor.remove(group.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/groups/${encodeURIComponent(group.id)}`);
      await refresh();
      setStatus(t("removed", { name: group.name }));
    });
  const removal = useRemoval<Group>(remove, (entry) => t("removeTitle", { name: entry.name }), t("removeBody"));

  const shown = groups.filter((g) => editor.isShown(g.id));

  return (
    <ConsoleScreen
      id="groups-title"
      title={t("title")}
      locale={locale}
      intro={t("intro")}
      actions={<AddEntryButton editor={editor} newEntry={() => NEW_GROUP} label={t("add")} />}
    >
      <ProblemAlert ref={refs.alert} problem={isAboutFields(problem, FIELDS) ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="group"
          id={draft.id}
          t={t}
          editTitle={(id) => t("editTitle", { name: groupNames.get(id) ?? "" })}
          editor={editor}
          onSubmit={save}
        >
          <NamedEntryFields
            draft={draft}
            labels={{ name: t("name"), slug: t("slug"), slugHint: t("slugHint"), description: t("description") }}
            onChange={setDraft}
            errorOf={errorOf}
          />
          <label className="check">
            <input
              type="checkbox"
              name="isActive"
              checked={draft.isActive}
              onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
            />
            <span>{t("isActive")}</span>
          </label>
          <OrderedChoice
            path="calendarIds"
            legend={t("calendars")}
            hint={t("calendarsHint")}
            empty={t("noCalendars")}
            addLabel={t("addCalendar")}
            chooseLabel={t("chooseCalendar")}
            addButton={t("addToGroup")}
            noneLeft={t(calendars.length === 0 ? "noCalendarsAtAll" : "allAdded")}
            chosen={draft.calendarIds}
            options={calendars.map((c) => ({
              id: c.id,
              name: c.name,
              note:
                c.groupId && c.groupId !== draft.id
                  ? t("inGroup", { group: groupNames.get(c.groupId) ?? "" })
                  : undefined,
            }))}
            detailOf={(id) => {
              const type = calendars.find((c) => c.id === id)?.type;
              return type ? i18n._(`console.calendars.type.${type}`) : null;
            }}
            error={errorOf("calendarIds")}
            onChange={(calendarIds) => setDraft({ ...draft, calendarIds })}
          />
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={t("none")}>
        {shown.map((group) => (
          <li key={group.id} className="console-row">
            <div className="console-row__main">
              <h2 className="console-row__title">{group.name}</h2>
              <p className="console-row__detail">
                {group.calendarIds.length === 0
                  ? t("noCalendars")
                  : group.calendarIds.map((id) => calendarNames.get(id) ?? id).join(" · ")}
              </p>
              {group.isActive ? null : <p className="console-row__detail console-muted">{t("hidden")}</p>}
              <PublicLink url={group.url} copyLabel={t("copyLink", { name: group.name })} />
            </div>
            <RowActions
              name={group.name}
              onEdit={() => editor.open(groupDraftOf(group))}
              onRemove={() => removal.ask(group)}
            >
              <RowLink href={group.url} label={t("view")} name={group.name} />
            </RowActions>
          </li>
        ))}
      </EntryList>
      {removal.dialog}
    </ConsoleScreen>
  );
}
