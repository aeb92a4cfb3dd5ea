import { useLingui } from "@lingui/react";

/** What the server renders for a console page: the console itself runs in the browser. */
export function ConsoleLoading() {
  const { i18n } = useLingui();
  return (
    <main id="main" className="console-loading" aria-busy="true">
      <p role="status">{i18n._("widget.loading")}</p>
    </main>
  );
}
