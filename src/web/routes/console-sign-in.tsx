import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { TextField } from "../features/console/text-field.tsx";
import { ApiProblem, callApi, rememberSession, type ConsoleSession } from "../features/console/console-api.ts";
import { consolePath, enterConsole, safeNext, consoleMeta } from "../features/console/console-session.ts";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import { useSubmission } from "../features/console/use-submission.ts";
import { useLocale } from "../components/locale.tsx";
import type { Route } from "./+types/console-sign-in";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { locale: await enterConsole(request) };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.signIn.title");

type Mode = "password" | "link";

/** Sign in with a password, or have a one-time link emailed. Nothing typed is lost on a refusal. */
export default function ConsoleSignIn() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const [mode, setMode] = useState<Mode>("password");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const { problem, setProblem, busy, alertRef, submitWith } = useSubmission();

  const submit = submitWith(async () => {
    if (mode === "password") {
      const session = await callApi<ConsoleSession>(locale, "POST", "/console/session", { email, password });
      rememberSession(session);
      await navigate(safeNext(params.get("next"), locale));
      return;
    }
    await callApi(locale, "POST", "/console/sign-in-links", { email });
    setLinkSentTo(email);
  });

  if (linkSentTo !== null) {
    return (
      <section aria-labelledby="sent-title">
        <h1 id="sent-title">{i18n._("console.signIn.linkSentTitle")}</h1>
        <p role="status">{i18n._("console.signIn.linkSent", { email: linkSentTo })}</p>
        <button type="button" className="console-button console-button--quiet" onClick={() => setLinkSentTo(null)}>
          {i18n._("console.signIn.back")}
        </button>
      </section>
    );
  }

  const emailError = problem instanceof ApiProblem ? problem.errors.find((e) => e.path === "email") : undefined;
  return (
    <section aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{i18n._("console.signIn.title")}</h1>
      {params.get("expired") ? (
        <p className="console-notice" role="status">
          {i18n._("console.signIn.expired")}
        </p>
      ) : null}
      <ProblemAlert ref={alertRef} problem={emailError ? null : problem} />
      <form onSubmit={submit} noValidate className="console-form">
        <TextField
          name="email"
          type="email"
          autoComplete="username"
          label={i18n._("console.signIn.email")}
          value={email}
          onChange={setEmail}
          error={emailError ? i18n._("console.signIn.emailInvalid") : undefined}
        />
        {mode === "password" ? (
          <TextField
            name="password"
            type="password"
            autoComplete="current-password"
            label={i18n._("console.signIn.password")}
            value={password}
            onChange={setPassword}
          />
        ) : null}
        <button type="submit" className="console-button" disabled={busy} aria-busy={busy}>
          {i18n._(mode === "password" ? "console.signIn.submit" : "console.signIn.sendLink")}
        </button>
      </form>
      <p className="console-entry__alternatives">
        <button
          type="button"
          className="console-link-button"
          onClick={() => {
            setMode(mode === "password" ? "link" : "password");
            setProblem(null);
          }}
        >
          {i18n._(mode === "password" ? "console.signIn.useLink" : "console.signIn.usePassword")}
        </button>
        <Link to={consolePath("/console/reset-password", locale)}>{i18n._("console.signIn.forgot")}</Link>
      </p>
    </section>
  );
}
