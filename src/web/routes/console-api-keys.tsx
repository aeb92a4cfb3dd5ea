import { useLingui } from "@lingui/react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import type { ApiKeyView } from "../../app/business/ports.ts";
import { languageTag } from "../../i18n/locales.ts";
import { Field } from "../components/form-field.tsx";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { callApi } from "../features/console/console-api.ts";
import { consoleMeta, requireOwner, type OwnerData } from "../features/console/console-session.ts";
import { NotAllowed } from "../features/console/not-allowed.tsx";
import { ConfirmDialog } from "../features/console/confirm-dialog.tsx";
import { CopyButton } from "../features/console/copy-button.tsx";
import { messageAt } from "../features/console/field-problems.ts";
import { FormProblem } from "../features/console/form-problem.tsx";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { useSubmission } from "../features/console/use-submission.ts";
import { useRefresh } from "../features/console/use-refresh.ts";
import type { Route } from "./+types/console-api-keys";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const entered = await requireOwner(request);
  if (!entered.allowed) return entered;
  const { locale, session } = entered;
  const keys = await callApi<ApiKeyView[]>(locale, "GET", "/business/api-keys");
  return { allowed: true as const, locale, timeZone: session.business.timeZone, keys };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.apiKeys.title");

/**
 * The business API's keys: name, the prefix that recognises one, when it was made. A new key's
 * secret is shown once, in a dialog — only its hash is stored — and a key can be revoked at once.
 */
export default function ConsoleApiKeys({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <NotAllowed session={loaderData.session} locale={loaderData.locale} />;
  return <ApiKeysScreen loaderData={loaderData} />;
}

function ApiKeysScreen({ loaderData }: { loaderData: OwnerData<Route.ComponentProps["loaderData"]> }) {
  const { i18n } = useLingui();
  const { locale, timeZone, keys } = loaderData;
  const reload = useRefresh();
  const [name, setName] = useState("");
  const { busy, problem, alertRef, run } = useSubmission();
  const [created, setCreated] = useState<{ key: string; apiKey: ApiKeyView } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [listProblem, setListProblem] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState("");
  const listAlertRef = useRef<HTMLDivElement>(null);
  const createdRef = useRef<HTMLDialogElement>(null);
  const createdTitle = useId();
  const t = useScreenMessages("console.apiKeys");
  const when = useMemo(
    () => new Intl.DateTimeFormat(languageTag(locale), { timeZone, dateStyle: "medium", timeStyle: "short" }),
    [locale, timeZone],
  );

  useEffect(() => {
    if (created && !createdRef.current?.open) createdRef.current?.showModal();
  }, [created]);

  async function create(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const answer = await callApi<{ key: string; apiKey: ApiKeyView }>(locale, "POST", "/business/api-keys", {
        name: name.trim() || t("defaultName"),
      });
      setName("");
      setCreated(answer);
      await reload();
    });
  }

  async function revoke(key: ApiKeyView) {
    setListProblem(null);
    try {
      await callApi(locale, "DELETE", `/business/api-keys/${key.id}`);
      await reload();
      setAnnouncement(t("revokedStatus", { name: key.name }));
    } catch (error) {
      setListProblem(error);
      requestAnimationFrame(() => listAlertRef.current?.focus());
    }
  }

  const active = keys.filter((k) => k.revokedAt === null);
  const revoked = keys.filter((k) => k.revokedAt !== null);

  return (
    <section aria-labelledby="api-keys-title" className="console-screen console-narrow">
      <div className="console-screen__head">
        <h1 id="api-keys-title">{t("title")}</h1>
      </div>
      <p className="console-muted console-intro">{t("intro")}</p>

      <section className="console-section" aria-labelledby="api-keys-new">
        <h2 id="api-keys-new">{t("newTitle")}</h2>
        <FormProblem ref={alertRef} problem={problem} fields={["name"]} />
        <form className="console-inline-form" onSubmit={create} noValidate>
          <Field
            path="name"
            label={t("name")}
            hint={t("nameHint")}
            error={messageAt(i18n, problem, "name", "console.apiKeys.error.name")}
          >
            {(aria) => <input {...aria} name="name" value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <button type="submit" className="console-button" disabled={busy} aria-busy={busy}>
            {t("create")}
          </button>
        </form>
      </section>

      <section className="console-section" aria-labelledby="api-keys-list">
        <h2 id="api-keys-list">{t("listTitle")}</h2>
        <ProblemAlert ref={listAlertRef} problem={listProblem} />
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {active.length === 0 ? (
          <p className="console-empty">{t("none")}</p>
        ) : (
          <KeyTable keys={active} when={when} onRevoke={setRevoking} />
        )}
        {revoked.length > 0 ? (
          <details className="console-revoked">
            <summary>{t("revokedTitle", { count: revoked.length })}</summary>
            <KeyTable keys={revoked} when={when} />
          </details>
        ) : null}
      </section>

      <dialog
        ref={createdRef}
        className="console-dialog console-dialog--wide"
        aria-labelledby={createdTitle}
        onClose={() => setCreated(null)}
      >
        <form method="dialog">
          <h2 id={createdTitle}>{t("createdTitle", { name: created?.apiKey.name ?? "" })}</h2>
          <p className="console-notice">
            <strong>{t("onceWarning")}</strong>
          </p>
          <p className="console-secret">
            <code id="api-key-secret">{created?.key}</code>
          </p>
          {created ? <CopyButton text={created.key} label={t("copyKey")} /> : null}
          <p className="console-muted">{t("usage")}</p>
          <div className="console-dialog__actions">
            <button type="submit" className="console-button">
              {t("done")}
            </button>
          </div>
        </form>
      </dialog>

      <ConfirmDialog
        title={revoking ? t("revokeTitle", { name: revoking.name }) : null}
        body={t("revokeBody")}
        confirmLabel={t("revoke")}
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}

function KeyTable(props: {
  keys: readonly ApiKeyView[];
  when: Intl.DateTimeFormat;
  onRevoke?: (key: ApiKeyView) => void;
}) {
  const t = useScreenMessages("console.apiKeys");
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t("name")}</th>
            <th scope="col">{t("prefix")}</th>
            <th scope="col">{t(props.onRevoke ? "createdAt" : "revokedAt")}</th>
            {props.onRevoke ? (
              <th scope="col">
                <span className="visually-hidden">{t("actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {props.keys.map((key) => (
            <tr key={key.id}>
              <td data-label={t("name")}>{key.name}</td>
              <td data-label={t("prefix")}>
                <code>{key.prefix}…</code>
              </td>
              <td data-label={t(props.onRevoke ? "createdAt" : "revokedAt")}>
                {props.when.format(new Date(props.onRevoke ? key.createdAt : (key.revokedAt ?? key.createdAt)))}
              </td>
              {props.onRevoke ? (
                <td>
                  <button
                    type="button"
                    className="console-button console-button--quiet console-button--small"
                    onClick={() => props.onRevoke?.(key)}
                    aria-label={t("revokeOf", { name: key.name })}
                  >
                    {t("revoke")}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
