import { useLingui } from "@lingui/react";
import type { FormEvent } from "react";
import type { CalendarView, ServiceView } from "../../app/business/ports.ts";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { callApi } from "../features/console/console-api.ts";
import { ChoiceField } from "../features/console/choice-field.tsx";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { AddEntryButton, EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { isAboutFields, messageAt, problemAt } from "../features/console/field-problems.ts";
import {
  menuBody,
  menuDraftOf,
  NEW_MENU,
  type MenuDraft,
  type MenuField,
  type MenuFields,
} from "../features/console/group-menu-draft.ts";
import { NamedEntryFields, PublicLink } from "../features/console/named-entry-fields.tsx";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { OrderedChoice } from "../features/console/ordered-choice.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { EntryList, RowActions, RowLink } from "../features/console/row-actions.tsx";
import { useEditor } from "../features/console/use-editor.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-service-menus";

type Menu = MenuFields & { readonly url: string };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const [menus, calendars, services] = await Promise.all([
    callApi<Menu[]>(locale, "GET", "/business/service-menus"),
    callApi<CalendarView[]>(locale, "GET", "/business/calendars?type=service"),
    callApi<ServiceView[]>(locale, "GET", "/business/services"),
  ]);
  return { allowed: true as const, locale, session, menus, calendars, services };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.menus.title");

const FIELDS: readonly MenuField[] = ["name", "slug", "description", "calendarId", "serviceIds"];
const SERVER_MESSAGES: Record<MenuField, string> = {
  name: "console.groups.error.name",
  slug: "console.products.error.slug",
  description: "console.groups.error.description",
  calendarId: "console.menus.error.calendar",
  serviceIds: "console.menus.error.services",
};

/**
 * The business's service menus (owner only; issue 18): a page of services, in an order put by
 * drag or by keyboard, each booked through one service calendar whose rules (hours, team, notice)
 * apply.
 */
export default function ConsoleServiceMenus({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <MenusScreen loaderData={loaderData} />;
}

function MenusScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, menus, calendars, services } = loaderData;
  const t = useScreenMessages("console.menus");
  const refresh = useRefresh();
  const editor = useEditor<MenuDraft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;
  const calendarNames = new Map(calendars.map((c) => [c.id, c.name]));

  const clientProblems = draft && isChecking ? menuBody(draft).problems : {};
  const errorOf = (field: MenuField): string | undefined => {
    const key = clientProblems[field];
    if (key) return i18n._(key);
    if (field === "slug" && problemAt(problem, field)?.code === "SLUG_TAKEN")
      return i18n._("console.groups.error.slugTaken");
    return messageAt(i18n, problem, field, SERVER_MESSAGES[field]);
  };

  function save(event: FormEvent) {
    const checked = draft && menuBody(draft);
    return editor.submit(event, checked !== null && Object.keys(checked.problems).length === 0, async () => {
      if (!draft || !checked) return;
      if (draft.id === null) await callApi<Menu>(locale, "POST", "/business/service-menus", checked.body);
      else
        await callApi<Menu>(locale, "PATCH", `/business/service-menus/${encodeURIComponent(draft.id)}`, checked.body);
      await refresh();
      setStatus(t("saved", { name: checked.body.name }));
      editor.close();
    });
  }

  const remove = (menu: Menu) =>
    editor.remove(menu.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/service-menus/${encodeURIComponent(menu.id)}`);
      await refresh();
      setStatus(t("removed", { name: menu.name }));
    });
  const removal = useRemoval<Menu>(remove, (entry) => t("removeTitle", { name: entry.name }), t("removeBody"));

  const shown = menus.filter((m) => editor.isShown(m.id));
  // The chosen calendar's own services are offered first: the menu books through its rules.
  const offered = draft ? calendars.find((c) => c.id === draft.calendarId)?.serviceIds : undefined;

  return (
    <ConsoleScreen
      id="menus-title"
      title={t("title")}
      locale={locale}
      intro={t("intro")}
      actions={<AddEntryButton editor={editor} newEntry={() => NEW_MENU} label={t("add")} />}
    >
      <ProblemAlert ref={refs.alert} problem={isAboutFields(problem, FIELDS) ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="menu"
          id={draft.id}
          t={t}
          editTitle={(id) => t("editTitle", { name: menus.find((m) => m.id === id)?.name ?? "" })}
          editor={editor}
          onSubmit={save}
        >
          <NamedEntryFields
            draft={draft}
            labels={{
              name: i18n._("console.groups.name"),
              slug: i18n._("console.groups.slug"),
              slugHint: t("slugHint"),
              description: i18n._("console.groups.description"),
            }}
            onChange={setDraft}
            errorOf={errorOf}
          />
          <ChoiceField
            path="calendarId"
            name="calendarId"
            label={t("calendar")}
            hint={t(calendars.length === 0 ? "noServiceCalendars" : "calendarHint")}
            isRequired
            value={draft.calendarId}
            onChange={(calendarId) => setDraft({ ...draft, calendarId })}
            options={[
              { value: "", label: t("chooseCalendar") },
              ...calendars.map((c) => ({ value: c.id, label: c.name })),
            ]}
            error={errorOf("calendarId")}
          />
          <OrderedChoice
            path="serviceIds"
            legend={t("services")}
            hint={t("servicesHint")}
            empty={t("noServices")}
            addLabel={t("addService")}
            chooseLabel={t("chooseService")}
            addButton={t("addToMenu")}
            noneLeft={t(services.length === 0 ? "noServicesAtAll" : "allAdded")}
            chosen={draft.serviceIds}
            options={[...services]
              .sort((a, b) => Number(!offered?.includes(a.id)) - Number(!offered?.includes(b.id)))
              .map((s) => ({
                id: s.id,
                name: s.name,
                note: offered && !offered.includes(s.id) ? t("notOffered") : undefined,
              }))}
            error={errorOf("serviceIds")}
            onChange={(serviceIds) => setDraft({ ...draft, serviceIds })}
          />
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={t("none")}>
        {shown.map((menu) => (
          <li key={menu.id} className="console-row">
            <div className="console-row__main">
              <h2 className="console-row__title">{menu.name}</h2>
              <p className="console-row__detail">
                {t("through", { calendar: calendarNames.get(menu.calendarId) ?? "" })} ·{" "}
                {t("serviceCount", { count: menu.serviceIds.length })}
              </p>
              <PublicLink url={menu.url} copyLabel={i18n._("console.groups.copyLink", { name: menu.name })} />
            </div>
            <RowActions
              name={menu.name}
              onEdit={() => editor.open(menuDraftOf(menu))}
              onRemove={() => removal.ask(menu)}
            >
              <RowLink href={menu.url} label={i18n._("console.groups.view")} name={menu.name} />
            </RowActions>
          </li>
        ))}
      </EntryList>
      {removal.dialog}
    </ConsoleScreen>
  );
}
