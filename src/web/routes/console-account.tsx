import { useLingui } from "@lingui/react";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { PASSWORD_MIN_LENGTH } from "../../core/console/password-policy.ts";
import { languageTag } from "../../i18n/locales.ts";
import { useScreenMessages } from "../features/console/screen-messages.ts";
import { ApiProblem, callApi } from "../features/console/console-api.ts";
import { consoleMeta, requireSession } from "../features/console/console-session.ts";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { TextField } from "../features/console/text-field.tsx";
import { useRefresh } from "../features/console/use-refresh.ts";
import { useSubmission } from "../features/console/use-submission.ts";
import type { Route } from "./+types/console-account";

/** One of the user's sessions as GET /api/console/account/sessions answers (account-routes.ts). */
interface SessionRow {
  readonly id: string;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly browser: { readonly browser: string | null; readonly system: string | null };
  readonly current: boolean;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { locale, session } = await requireSession(request);
  const sessions = await callApi<SessionRow[]>(locale, "GET", "/console/account/sessions");
  return { locale, session, sessions };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.account.title");

const PASSWORD_PROBLEMS = new Set(["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_IS_EMAIL"]);

/**
 * The signed-in user's own account, for owners and staff alike: their name, their password (the
 * current one first; every other session then ends) and the browsers signed in with it, each of
 * which they can sign out, or all but this one.
 */
export default function ConsoleAccount({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { locale, session, sessions } = loaderData;
  const t = useScreenMessages("console.account");
  const reload = useRefresh();
  const [announcement, setAnnouncement] = useState("");

  const [name, setName] = useState(session.user.name);
  const [nameTried, setNameTried] = useState(false);
  const naming = useSubmission();
  const nameError =
    (nameTried && name.trim() === "") || naming.problem instanceof ApiProblem ? t("nameMissing") : undefined;

  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [passwordTried, setPasswordTried] = useState(false);
  const password = useSubmission();
  const passwordFormRef = useRef<HTMLFormElement>(null);
  const refusal = password.problem instanceof ApiProblem ? password.problem : null;
  const currentError =
    passwordTried && current === ""
      ? t("currentMissing")
      : refusal?.code === "CURRENT_PASSWORD_WRONG"
        ? t("currentWrong")
        : undefined;
  const nextError = refusal && PASSWORD_PROBLEMS.has(refusal.code) ? refusal.detail : undefined;

  const sessionsAction = useSubmission();

  const when = useMemo(
    () => new Intl.DateTimeFormat(languageTag(locale), { dateStyle: "medium", timeStyle: "short" }),
    [locale],
  );
  const browserName = (s: SessionRow) =>
    s.browser.browser && s.browser.system
      ? t("browser", { browser: s.browser.browser, system: s.browser.system })
      : (s.browser.browser ?? s.browser.system ?? t("unknownBrowser"));

  async function saveName(event: FormEvent) {
    event.preventDefault();
    setNameTried(true);
    if (name.trim() === "") return;
    if (await naming.run(() => callApi(locale, "PATCH", "/console/account", { name: name.trim() }))) {
      setAnnouncement(t("nameSaved"));
      await reload();
    }
  }

  async function savePassword(event: FormEvent) {
    event.preventDefault();
    setPasswordTried(true);
    if (current === "") {
      passwordFormRef.current?.querySelector<HTMLElement>("#field-currentPassword")?.focus();
      return;
    }
    const changed = await password.run(() =>
      callApi(locale, "POST", "/console/account/password", { currentPassword: current, newPassword: next }),
    );
    if (!changed) {
      requestAnimationFrame(() => passwordFormRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    setCurrent("");
    setNext("");
    setPasswordTried(false);
    setAnnouncement(t("passwordSaved"));
    await reload();
  }

  async function endSession(row: SessionRow) {
    if (await sessionsAction.run(() => callApi(locale, "DELETE", `/console/account/sessions/${row.id}`))) {
      setAnnouncement(t("sessionEnded"));
      await reload();
    }
  }

  async function endOthers() {
    if (await sessionsAction.run(() => callApi(locale, "POST", "/console/account/sessions/end-others"))) {
      setAnnouncement(t("othersEnded"));
      await reload();
    }
  }

  const others = sessions.filter((s) => !s.current);
  // A refusal the fields show is not repeated above the form.
  const passwordAlert = currentError || nextError ? null : password.problem;

  return (
    <section aria-labelledby="account-title" className="console-screen console-narrow">
      <div className="console-screen__head">
        <h1 id="account-title">{t("title")}</h1>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <section className="console-section" aria-labelledby="account-name">
        <h2 id="account-name">{t("nameTitle")}</h2>
        <ProblemAlert ref={naming.alertRef} problem={naming.problem instanceof ApiProblem ? null : naming.problem} />
        <form className="console-form" onSubmit={saveName} noValidate>
          <TextField
            name="name"
            autoComplete="name"
            label={i18n._("console.team.name")}
            hint={t("nameHint")}
            value={name}
            onChange={setName}
            error={nameError}
          />
          <button type="submit" className="console-button" disabled={naming.busy} aria-busy={naming.busy}>
            {t("saveName")}
          </button>
        </form>
      </section>

      <section className="console-section" aria-labelledby="account-password">
        <h2 id="account-password">{i18n._("console.signIn.password")}</h2>
        <ProblemAlert ref={password.alertRef} problem={passwordAlert} />
        <form ref={passwordFormRef} className="console-form" onSubmit={savePassword} noValidate>
          {/* The address, for password managers to file the new password under the right login. */}
          <input type="hidden" name="username" autoComplete="username" value={session.user.email} readOnly />
          <TextField
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={t("currentPassword")}
            value={current}
            onChange={setCurrent}
            error={currentError}
          />
          <TextField
            name="newPassword"
            type="password"
            autoComplete="new-password"
            label={t("newPassword")}
            hint={i18n._("console.reset.passwordHint", { count: PASSWORD_MIN_LENGTH })}
            minLength={PASSWORD_MIN_LENGTH}
            value={next}
            onChange={setNext}
            error={nextError}
          />
          <button type="submit" className="console-button" disabled={password.busy} aria-busy={password.busy}>
            {t("savePassword")}
          </button>
        </form>
      </section>

      <section className="console-section" aria-labelledby="account-sessions">
        <h2 id="account-sessions">{t("sessionsTitle")}</h2>
        <p className="console-muted">{t("sessionsIntro")}</p>
        <ProblemAlert ref={sessionsAction.alertRef} problem={sessionsAction.problem} />
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("browserColumn")}</th>
                <th scope="col">{t("started")}</th>
                <th scope="col">{t("lastUsed")}</th>
                <th scope="col">
                  <span className="visually-hidden">{i18n._("console.team.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((row) => (
                <tr key={row.id}>
                  <td data-label={t("browserColumn")}>
                    <span>
                      {browserName(row)}
                      {row.current ? <span className="console-sessions__this"> · {t("thisSession")}</span> : null}
                    </span>
                  </td>
                  <td data-label={t("started")}>{when.format(new Date(row.createdAt))}</td>
                  <td data-label={t("lastUsed")}>{when.format(new Date(row.lastSeenAt))}</td>
                  <td>
                    <div className="console-row-actions__list">
                      {row.current ? null : (
                        <button
                          type="button"
                          className="console-button console-button--quiet console-button--small"
                          onClick={() => void endSession(row)}
                          disabled={sessionsAction.busy}
                          aria-label={t("endSessionOf", {
                            browser: browserName(row),
                            started: when.format(new Date(row.createdAt)),
                          })}
                        >
                          {t("endSession")}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {others.length === 0 ? (
          <p className="console-muted">{t("onlyHere")}</p>
        ) : (
          <p>
            <button
              type="button"
              className="console-button console-button--quiet"
              onClick={() => void endOthers()}
              disabled={sessionsAction.busy}
              aria-busy={sessionsAction.busy}
            >
              {t("endOthers")}
            </button>
          </p>
        )}
      </section>
    </section>
  );
}
