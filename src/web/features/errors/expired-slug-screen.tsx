import { useLingui } from "@lingui/react";
import { LanguageSwitcher } from "../../components/language-switcher.tsx";

/**
 * Spec §2 screen 11, shown instead of the error screen when the status message is exactly
 * 'Slug Expired' (a used or expired one-time link). The spec leaves its content open: we explain
 * what happened and offer a way forward.
 */
export function ExpiredSlugScreen() {
  const { i18n } = useLingui();
  return (
    <main className="expired-screen" id="main">
      <title>{i18n._("expired.title")}</title>
      {/* A visitor who cannot read the language they landed in can switch here too (issue 23). */}
      <div className="layout__toolbar expired-screen__toolbar">
        <LanguageSwitcher />
      </div>
      <div className="expired-screen__card">
        <svg className="expired-screen__icon" aria-hidden="true" viewBox="0 0 24 24" width="48" height="48">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <h1>{i18n._("expired.title")}</h1>
        <p>{i18n._("expired.body")}</p>
        <p>{i18n._("expired.next")}</p>
        <a className="button" href="/">
          {i18n._("expired.home")}
        </a>
      </div>
    </main>
  );
}
