import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { TextField } from "../features/console/text-field.tsx";
import { useLocale } from "../components/locale.tsx";
import { ApiProblem, callApi, rememberSession, type ConsoleSession } from "../features/console/console-api.ts";
import { consolePath, enterConsole, consoleMeta } from "../features/console/console-session.ts";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { useSubmission } from "../features/console/use-submission.ts";
import { PASSWORD_MIN_LENGTH } from "../../core/console/password-policy.ts";
import type { Route } from "./+types/console-reset-password";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { locale: await enterConsole(request) };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.reset.title");

const PASSWORD_PROBLEMS = new Set(["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_IS_EMAIL"]);

/** Without a token: ask for a reset email. With the emailed link's token: choose the new password. */
export default function ConsoleResetPassword() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [token] = useState(() =>
    typeof window === "undefined" ? "" : (new URLSearchParams(window.location.hash.slice(1)).get("token") ?? ""),
  );
  const [value, setValue] = useState("");
  const [sent, setSent] = useState(false);
  const { problem, busy, alertRef, submitWith } = useSubmission();

  const submit = submitWith(async () => {
    if (token) {
      const session = await callApi<ConsoleSession>(locale, "POST", "/console/password-resets/confirm", {
        token,
        password: value,
      });
      rememberSession(session);
      history.replaceState(null, "", window.location.pathname);
      await navigate(consolePath("/console", locale), { replace: true });
      return;
    }
    await callApi(locale, "POST", "/console/password-resets", { email: value });
    setSent(true);
  });

  if (sent) {
    return (
      <section aria-labelledby="reset-title">
        <h1 id="reset-title">{i18n._("console.signIn.linkSentTitle")}</h1>
        <p role="status">{i18n._("console.reset.sent", { email: value })}</p>
        <Link to={consolePath("/console/sign-in", locale)}>{i18n._("console.signIn.back")}</Link>
      </section>
    );
  }

  const fieldError =
    problem instanceof ApiProblem && (PASSWORD_PROBLEMS.has(problem.code) || problem.code === "VALIDATION_FAILED")
      ? problem.detail
      : undefined;
  return (
    <section aria-labelledby="reset-title">
      <h1 id="reset-title">{i18n._(token ? "console.reset.chooseTitle" : "console.reset.title")}</h1>
      <ProblemAlert ref={alertRef} problem={fieldError ? null : problem} />
      <form onSubmit={submit} noValidate className="console-form">
        {token ? (
          <TextField
            name="new-password"
            type="password"
            autoComplete="new-password"
            label={i18n._("console.reset.newPassword")}
            hint={i18n._("console.reset.passwordHint", { count: PASSWORD_MIN_LENGTH })}
            minLength={PASSWORD_MIN_LENGTH}
            value={value}
            onChange={setValue}
            error={fieldError}
          />
        ) : (
          <TextField
            name="email"
            type="email"
            autoComplete="username"
            label={i18n._("console.signIn.email")}
            value={value}
            onChange={setValue}
            error={fieldError}
          />
        )}
        <button type="submit" className="console-button" disabled={busy} aria-busy={busy}>
          {i18n._(token ? "console.reset.save" : "console.reset.send")}
        </button>
      </form>
      <p className="console-entry__alternatives">
        <Link to={consolePath("/console/sign-in", locale)}>{i18n._("console.signIn.back")}</Link>
      </p>
    </section>
  );
}
