import { useLingui } from "@lingui/react";
import { Outlet } from "react-router";
import { enterConsole } from "../features/console/console-session.ts";
import { ConsoleLoading } from "../features/console/console-loading.tsx";
import consoleStylesHref from "../features/console/console.css?url";
import type { Route } from "./+types/console-entry-layout";

/** Signing in to the console: one narrow card, no navigation. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { locale: await enterConsole(request) };
}
clientLoader.hydrate = true as const;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStylesHref }];

export function HydrateFallback() {
  return <ConsoleLoading />;
}

export default function ConsoleEntryLayout() {
  const { i18n } = useLingui();
  return (
    <div className="console-entry">
      <main id="main" className="console-entry__card">
        <p className="console-entry__product">{i18n._("console.product")}</p>
        <Outlet />
      </main>
    </div>
  );
}
