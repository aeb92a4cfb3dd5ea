import { useLingui } from "@lingui/react";
import { useState, type FormEvent } from "react";
import type { LocaleCode } from "../../../i18n/locales.ts";
import { Field } from "../../components/form-field.tsx";
import { fieldProblem } from "./console-api.ts";
import { ChoiceField } from "./choice-field.tsx";
import { CopyButton } from "./copy-button.tsx";
import { AddEntryButton, EditorPanel } from "./editor-panel.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { EntryList } from "./row-actions.tsx";
import { useEditor } from "./use-editor.ts";
import type { SyncFailureReason } from "../../../core/calendar/sync-failure.ts";

/** A connection as the business API answers it (calendar-sync-routes.ts). */
export interface CalendarConnectionView {
  id: string;
  kind: "caldav" | "ics";
  url: string;
  username: string | null;
  status: "pending" | "ok" | "error";
  statusReason: SyncFailureReason | null;
  statusMessage: string | null;
  lastSyncedAt: string | null;
}

export type CalendarConnectionInput =
  { kind: "caldav"; url: string; username: string; password: string } | { kind: "ics"; url: string };

interface Props {
  locale: LocaleCode;
  connections: readonly CalendarConnectionView[];
  onConnect(input: CalendarConnectionInput): Promise<CalendarConnectionView>;
  onSync(id: string): Promise<CalendarConnectionView>;
  onRemove(id: string): Promise<void>;
  /** A new private feed address (the old one stops working). */
  onNewFeed(): Promise<{ url: string }>;
}

interface Draft {
  readonly kind: "caldav" | "ics";
  readonly url: string;
  readonly username: string;
  readonly password: string;
}

const isHttpUrl = (value: string) => {
  try {
    return ["https:", "http:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * A staff member's own calendars (calendar sync): their busy time blocks the staff member's slots;
 * CalDAV calendars also receive the bookings. Each says how its last sync went. Below, the private
 * feed of their bookings, whose address is shown once when made.
 */
export function ConnectedCalendars({ locale, connections, onConnect, onSync, onRemove, onNewFeed }: Props) {
  const { i18n } = useLingui();
  const [entries, setEntries] = useState(connections);
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const editor = useEditor<Draft>();
  const { draft, setDraft, isChecking, problem, saving, status, setStatus, refs } = editor;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });

  const urlError =
    (isChecking && draft && !isHttpUrl(draft.url.trim())) || fieldProblem(problem, "url")
      ? i18n._("console.calendarSync.urlInvalid")
      : undefined;
  const usernameError =
    isChecking && draft?.kind === "caldav" && !draft.username.trim()
      ? i18n._("console.calendarSync.required")
      : undefined;
  const passwordError =
    isChecking && draft?.kind === "caldav" && !draft.password ? i18n._("console.calendarSync.required") : undefined;

  const save = (event: FormEvent) =>
    editor.submit(
      event,
      Boolean(draft && isHttpUrl(draft.url.trim()) && !usernameError && !passwordError),
      async () => {
        if (!draft) return;
        const url = draft.url.trim();
        const added = await onConnect(
          draft.kind === "caldav"
            ? { kind: "caldav", url, username: draft.username.trim(), password: draft.password }
            : { kind: "ics", url },
        );
        setEntries((list) => [...list, added]);
        setStatus(i18n._("console.calendarSync.connected"));
        editor.close();
      },
    );

  const sync = async (entry: CalendarConnectionView) => {
    setStatus("");
    try {
      const after = await onSync(entry.id);
      setEntries((list) => list.map((c) => (c.id === entry.id ? after : c)));
      setStatus(i18n._("console.calendarSync.synced"));
    } catch (error) {
      editor.setProblem(error);
    }
  };
  const remove = (entry: CalendarConnectionView) =>
    editor.remove(entry.id, async () => {
      await onRemove(entry.id);
      setEntries((list) => list.filter((c) => c.id !== entry.id));
      setStatus(i18n._("console.calendarSync.removed"));
    });
  const newFeed = async () => {
    try {
      setFeedUrl((await onNewFeed()).url);
    } catch (error) {
      editor.setProblem(error);
    }
  };

  const shown = entries.filter((c) => editor.isShown(c.id));
  const onField = Boolean(urlError || usernameError || passwordError);
  const statusOf = (c: CalendarConnectionView) =>
    c.status === "error"
      ? i18n._("console.calendarSync.statusError", {
          message: i18n._(`console.calendarSync.reason.${c.statusReason ?? "unknown"}`),
        })
      : c.status === "ok" && c.lastSyncedAt
        ? i18n._("console.calendarSync.statusOk", { when: when.format(new Date(c.lastSyncedAt)) })
        : i18n._("console.calendarSync.statusPending");

  return (
    <section className="console-section" aria-labelledby="calendar-sync-title">
      <div className="console-section__head">
        <h2 id="calendar-sync-title">{i18n._("console.calendarSync.title")}</h2>
        <AddEntryButton
          editor={editor}
          newEntry={(): Draft => ({ kind: "caldav", url: "", username: "", password: "" })}
          label={i18n._("console.calendarSync.add")}
          isQuiet
        />
      </div>
      <p className="console-muted">{i18n._("console.calendarSync.intro")}</p>
      <ProblemAlert ref={refs.alert} problem={onField ? null : problem} />
      {draft ? (
        <EditorPanel
          id="calendar-sync-form-title"
          title={i18n._("console.calendarSync.add")}
          level={3}
          className="console-calendar-sync-form"
          submitLabel={i18n._("console.calendarSync.save")}
          saving={saving}
          refs={refs}
          onSubmit={save}
          onCancel={editor.close}
        >
          <ChoiceField
            path="calendar-kind"
            name="kind"
            label={i18n._("console.calendarSync.kind")}
            error={undefined}
            isRequired
            value={draft.kind}
            onChange={(kind) => setDraft({ ...draft, kind: kind === "ics" ? "ics" : "caldav" })}
            options={[
              { value: "caldav", label: i18n._("console.calendarSync.kindCaldav") },
              { value: "ics", label: i18n._("console.calendarSync.kindIcs") },
            ]}
          />
          <Field path="calendar-url" label={i18n._("console.calendarSync.url")} error={urlError} isRequired>
            {(aria) => (
              <input
                {...aria}
                type="url"
                inputMode="url"
                maxLength={2000}
                value={draft.url}
                onChange={(e) => setDraft({ ...draft, url: e.target.value })}
              />
            )}
          </Field>
          {draft.kind === "caldav" ? (
            <div className="console-form-grid">
              <Field
                path="calendar-username"
                label={i18n._("console.calendarSync.username")}
                error={usernameError}
                isRequired
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="text"
                    autoComplete="off"
                    maxLength={200}
                    value={draft.username}
                    onChange={(e) => setDraft({ ...draft, username: e.target.value })}
                  />
                )}
              </Field>
              <Field
                path="calendar-password"
                label={i18n._("console.calendarSync.password")}
                error={passwordError}
                isRequired
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="password"
                    autoComplete="new-password"
                    maxLength={500}
                    value={draft.password}
                    onChange={(e) => setDraft({ ...draft, password: e.target.value })}
                  />
                )}
              </Field>
            </div>
          ) : null}
        </EditorPanel>
      ) : null}
      <EntryList status={status} isEmpty={shown.length === 0} empty={i18n._("console.calendarSync.none")}>
        {shown.map((entry) => (
          <li key={entry.id} className="console-row">
            <div className="console-row__main">
              <h3 className="console-row__title">{entry.url}</h3>
              <p className={entry.status === "error" ? "console-sync-error" : "console-muted"}>{statusOf(entry)}</p>
            </div>
            <div className="console-row__actions">
              <button type="button" className="console-button console-button--quiet" onClick={() => void sync(entry)}>
                {i18n._("console.calendarSync.syncNow")}
                <span className="visually-hidden"> {entry.url}</span>
              </button>
              <button type="button" className="console-button console-button--quiet" onClick={() => void remove(entry)}>
                {i18n._("console.calendarSync.disconnect")}
                <span className="visually-hidden"> {entry.url}</span>
              </button>
            </div>
          </li>
        ))}
      </EntryList>
      <h3>{i18n._("console.calendarSync.feedTitle")}</h3>
      <p className="console-muted">{i18n._("console.calendarSync.feedIntro")}</p>
      {feedUrl ? (
        <p>
          <code className="console-secret">{feedUrl}</code>{" "}
          <CopyButton text={feedUrl} label={i18n._("console.calendarSync.feedCopy")} />
        </p>
      ) : null}
      <button type="button" className="console-button console-button--quiet" onClick={() => void newFeed()}>
        {i18n._("console.calendarSync.feedMake")}
      </button>
    </section>
  );
}
