import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useLocale } from "../components/locale.tsx";
import { callApi, rememberSession, type ConsoleSession } from "../features/console/console-api.ts";
import { consolePath, enterConsole, consoleMeta } from "../features/console/console-session.ts";
import { ProblemAlert } from "../features/console/problem-alert.tsx";
import type { Route } from "./+types/console-sign-in-link";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { locale: await enterConsole(request) };
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ matches }) => consoleMeta(matches, "console.signIn.title");

/**
 * Where an emailed sign-in link lands. The token is in the fragment (never sent to a server by the
 * browser, so not in logs); this page posts it once — a mail scanner that only fetches the page
 * cannot spend it.
 */
export default function ConsoleSignInLink() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<unknown>(null);

  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
    history.replaceState(null, "", window.location.pathname);
    callApi<ConsoleSession>(locale, "POST", "/console/session/link", { token })
      .then(async (session) => {
        rememberSession(session);
        await navigate(consolePath("/console", locale), { replace: true });
      })
      .catch(setProblem);
  }, [locale, navigate]);

  return (
    <section aria-labelledby="link-title">
      <h1 id="link-title">{i18n._("console.signIn.title")}</h1>
      {problem ? (
        <>
          <ProblemAlert problem={problem} />
          <p>
            <Link to={consolePath("/console/sign-in", locale)}>{i18n._("console.signIn.back")}</Link>
          </p>
        </>
      ) : (
        <p role="status">{i18n._("console.signIn.signingIn")}</p>
      )}
    </section>
  );
}
