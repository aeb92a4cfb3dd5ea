import { useLingui } from "@lingui/react";
import type { FormEvent } from "react";
import type { ServiceView } from "../../app/business/ports.ts";
import type { ResourceKind, ResourceView, ServiceResourceNeed } from "../../app/business/resources.ts";
import { languageTag } from "../../i18n/locales.ts";
import { Field } from "../components/form-field.tsx";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { ChecksField } from "../features/console/checks-field.tsx";
import { ChoiceField } from "../features/console/choice-field.tsx";
import { useRemoval } from "../features/console/confirm-dialog.tsx";
import { callApi } from "../features/console/console-api.ts";
import { ConsoleScreen } from "../features/console/console-screen.tsx";
import { consoleMeta, consolePath, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { AddEntryButton, EditorPanel, EntryEditorPanel } from "../features/console/editor-panel.tsx";
import { isAboutFields, problemAt } from "../features/console/field-problems.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import {
  MAX_CAPACITY,
  needsBody,
  needsDraftOf,
  needsSummary,
  newResourceDraft,
  RESOURCE_FIELD_MESSAGES,
  resourceBody,
  resourceDraftOf,
  type NeedsDraft,
  type ResourceDraft,
} from "../features/console/resource-draft.ts";
import { EntryList, RowActions, RowLink } from "../features/console/row-actions.tsx";
import { TextField } from "../features/console/text-field.tsx";
import { useEditor } from "../features/console/use-editor.ts";
import { ZoneSelect } from "../features/console/zone-select.tsx";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-resources";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  // What each service needs (the resources list names them), in one read.
  const [resources, services, needs] = await Promise.all([
    callApi<ResourceView[]>(locale, "GET", "/business/resources"),
    callApi<ServiceView[]>(locale, "GET", "/business/services"),
    callApi<Record<string, ServiceResourceNeed[]>>(locale, "GET", "/business/resource-needs"),
  ]);
  return { allowed: true as const, locale, session, resources, services, needs };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.resources.title");

const KINDS: readonly ResourceKind[] = ["room", "equipment", "other"];
const FIELDS = Object.keys(RESOURCE_FIELD_MESSAGES);

/**
 * Rooms and equipment (owner only; issues 18 and 21): each with its kind and how many appointments
 * it holds at once, added, changed and removed here, its hours and time off on its own page; and
 * what each service needs of them — "one of Room 1 or Room 2" — so the widget never offers more than
 * the rooms allow.
 */
export default function ConsoleResources({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <ResourcesScreen loaderData={loaderData} />;
}

type Data = OwnerData<Route.ComponentProps["loaderData"]>;

function ResourcesScreen({ loaderData }: { loaderData: Data }) {
  const { i18n } = useLingui();
  const { locale, session, resources, services } = loaderData;
  const refresh = useRefresh();
  const editor = useEditor<ResourceDraft>();
  const { draft, setDraft, isChecking, problem, status, setStatus, refs } = editor;
  const t = useScreenMessages("console.resources");

  const checked = draft ? resourceBody(draft) : null;
  const errorAt = (path: string): string | undefined => {
    const key = checked && isChecking ? checked.problems[path] : undefined;
    if (key) return i18n._(key, { max: MAX_CAPACITY });
    return problemAt(problem, path) ? i18n._(RESOURCE_FIELD_MESSAGES[path]!, { max: MAX_CAPACITY }) : undefined;
  };

  function save(event: FormEvent) {
    const isValid = checked !== null && Object.keys(checked.problems).length === 0;
    return editor.submit(event, isValid, async () => {
      if (!draft || !checked) return;
      if (draft.id === null) await callApi<ResourceView>(locale, "POST", "/business/resources", checked.body);
      else
        await callApi<ResourceView>(
          locale,
          "PATCH",
          `/business/resources/${encodeURIComponent(draft.id)}`,
          checked.body,
        );
      await refresh();
      setStatus(t("saved", { name: checked.body.name }));
      editor.close();
    });
  }

  const remove = (resource: ResourceView) =>
    editor.remove(resource.id, async () => {
      await callApi<undefined>(locale, "DELETE", `/business/resources/${encodeURIComponent(resource.id)}`);
      await refresh();
      setStatus(t("removed", { name: resource.name }));
    });
  const removal = useRemoval<ResourceView>(remove, (entry) => t("removeTitle", { name: entry.name }), t("removeBody"));

  const serviceName = new Map(services.map((s) => [s.id, s.name] as const));
  const shown = resources.filter((r) => editor.isShown(r.id));

  return (
    <ConsoleScreen
      id="resources-title"
      title={t("title")}
      locale={locale}
      intro={t("intro")}
      actions={
        <AddEntryButton editor={editor} newEntry={() => newResourceDraft(session.business.timeZone)} label={t("add")} />
      }
    >
      <ProblemAlert ref={refs.alert} problem={isAboutFields(problem, FIELDS) ? null : problem} />
      {draft ? (
        <EntryEditorPanel
          kind="resource"
          id={draft.id}
          t={t}
          editTitle={() => t("editTitle", { name: draft.name })}
          editor={editor}
          onSubmit={save}
        >
          <div className="console-form-grid">
            <TextField
              name="name"
              label={t("name")}
              hint={t("nameHint")}
              error={errorAt("name")}
              value={draft.name}
              onChange={(name) => setDraft({ ...draft, name })}
              input={{ maxLength: 200, autoComplete: "off" }}
            />
            <ChoiceField
              path="kind"
              name="kind"
              label={t("kind")}
              error={errorAt("kind")}
              isRequired
              value={draft.kind}
              onChange={(kind) => setDraft({ ...draft, kind: kind as ResourceKind })}
              options={KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            />
            <TextField
              name="capacity"
              label={t("capacity")}
              hint={t("capacityHint", { max: MAX_CAPACITY })}
              error={errorAt("capacity")}
              value={draft.capacity}
              onChange={(capacity) => setDraft({ ...draft, capacity })}
              input={{ inputMode: "numeric", autoComplete: "off" }}
            />
            <Field path="timeZone" label={t("zone")} hint={t("zoneHint")} error={errorAt("timeZone")} isRequired>
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
          </div>
        </EntryEditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={t("none")}>
        {shown.map((resource) => {
          const usedBy = resource.serviceIds.map((id) => serviceName.get(id)).filter(Boolean);
          return (
            <li key={resource.id} className="console-row">
              <div className="console-row__main">
                <h2 className="console-row__title">{resource.name}</h2>
                <p className="console-muted console-row__detail">
                  {t(`kinds.${resource.kind}`)} · {t("holds", { count: resource.capacity })} ·{" "}
                  {resource.weeklyHours === null ? t("openWithStaff") : t("ownHours")}
                </p>
                <p className="console-muted console-row__detail">
                  {usedBy.length > 0 ? t("neededBy", { names: usedBy.join(", ") }) : t("neededByNone")}
                </p>
              </div>
              <RowActions
                name={resource.name}
                onEdit={() => editor.open(resourceDraftOf(resource))}
                onRemove={() => removal.ask(resource)}
              >
                <RowLink
                  label={t("hoursLink")}
                  name={resource.name}
                  to={consolePath(`/console/resources/${resource.id}`, locale)}
                />
              </RowActions>
            </li>
          );
        })}
      </EntryList>
      {removal.dialog}
      <ServiceNeeds loaderData={loaderData} />
    </ConsoleScreen>
  );
}

/** What each service needs: a list of needs, each one unit of one of the chosen resources. */
function ServiceNeeds({ loaderData }: { loaderData: Data }) {
  const { i18n } = useLingui();
  const { locale, resources, services, needs } = loaderData;
  const refresh = useRefresh();
  const editor = useEditor<{ serviceId: string; needs: NeedsDraft }>();
  const { draft, setDraft, isChecking, problem, saving, status, setStatus, refs } = editor;
  const t = useScreenMessages("console.resources");
  const tag = languageTag(locale);
  const resourceName = new Map(resources.map((r) => [r.id, r.name] as const));
  const editing = draft ? services.find((s) => s.id === draft.serviceId) : undefined;
  const checked = draft ? needsBody(draft.needs) : null;
  const errorAt = (i: number) => {
    const path = `${i}.resourceIds`;
    const key = checked && isChecking ? checked.problems[path] : undefined;
    if (key) return i18n._(key);
    return problemAt(problem, path) ? i18n._("console.resources.error.needEmpty") : undefined;
  };
  const setNeed = (i: number, ids: readonly string[]) =>
    draft && setDraft({ ...draft, needs: draft.needs.map((need, j) => (j === i ? ids : need)) });

  function save(event: FormEvent) {
    const isValid = checked !== null && Object.keys(checked.problems).length === 0;
    return editor.submit(event, isValid, async () => {
      if (!draft || !checked) return;
      await callApi<ServiceResourceNeed[]>(
        locale,
        "PUT",
        `/business/services/${encodeURIComponent(draft.serviceId)}/resources`,
        checked.body,
      );
      await refresh();
      setStatus(t("needsSaved", { name: editing?.name ?? "" }));
      editor.close();
    });
  }

  return (
    <section className="console-section" aria-labelledby="service-needs-title">
      <h2 id="service-needs-title">{t("needsTitle")}</h2>
      <p className="console-muted">{t("needsIntro")}</p>
      <ProblemAlert
        ref={refs.alert}
        problem={
          isAboutFields(
            problem,
            (draft?.needs ?? []).map((_, i) => String(i)),
          )
            ? null
            : problem
        }
      />
      {draft && editing ? (
        <EditorPanel
          id="needs-form-title"
          title={t("needsEditTitle", { name: editing.name })}
          level={3}
          className="console-needs-form"
          submitLabel={t("save")}
          saving={saving}
          refs={refs}
          onSubmit={save}
          onCancel={editor.close}
        >
          {draft.needs.length === 0 ? <p className="console-muted">{t("needsNothing")}</p> : null}
          {draft.needs.map((ids, i) => (
            <div key={i} className="console-need">
              <ChecksField
                path={`${i}.resourceIds`}
                name={`need-${i}`}
                legend={t("needLegend", { number: i + 1 })}
                hint={t("needHint")}
                options={resources.map((r) => ({ value: r.id, label: r.name }))}
                values={ids}
                onChange={(values) => setNeed(i, values)}
                error={errorAt(i)}
              />
              <button
                type="button"
                className="console-button console-button--quiet"
                onClick={() => setDraft({ ...draft, needs: draft.needs.filter((_, j) => j !== i) })}
              >
                {t("needRemove", { number: i + 1 })}
              </button>
            </div>
          ))}
          {resources.length > 0 && draft.needs.length < 10 ? (
            <button
              type="button"
              className="console-button console-button--quiet"
              onClick={() => setDraft({ ...draft, needs: [...draft.needs, []] })}
            >
              {t("needAdd")}
            </button>
          ) : null}
        </EditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={services.length === 0} empty={t("noServices")}>
        {services.map((service) => {
          const own = needs[service.id] ?? [];
          const summary = needsSummary(own, (id) => resourceName.get(id), tag);
          return (
            <li key={service.id} className="console-row">
              <div className="console-row__main">
                <h3 className="console-row__title">{service.name}</h3>
                <p className="console-muted console-row__detail">
                  {summary.length > 0 ? t("needs", { list: summary.join(" · ") }) : t("needsNone")}
                </p>
              </div>
              <div className="console-row__actions">
                <button
                  type="button"
                  className="console-button console-button--quiet"
                  disabled={resources.length === 0}
                  onClick={() => editor.open({ serviceId: service.id, needs: needsDraftOf(own) })}
                >
                  {t("needsEdit")}
                  <span className="visually-hidden"> {service.name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </EntryList>
    </section>
  );
}
