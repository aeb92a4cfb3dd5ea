import { useLingui } from "@lingui/react";
import { useLocation } from "react-router";
import { LOCALES } from "../../i18n/locales.ts";
import { LOCALE_ROUTING } from "../../i18n/routing/config.ts";
import { switchLocalePath } from "../../i18n/routing/locale-prefix.ts";
import { LOCALE_SWITCH_EVENT, useLocale } from "./locale.tsx";

/**
 * Language choice as plain links to the same page in another locale (switchLocalePath keeps the
 * path, query and hash, so the visitor keeps their place). A full page load lets the server set the
 * locale cookie and render in the new language with no flash; features that hold input keep it in
 * session storage (see the booking flow), so nothing typed is lost.
 */
export function LanguageSwitcher() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const location = useLocation();
  const fullPath = location.pathname + location.search + location.hash;
  const current = LOCALES.find((l) => l.code === locale);
  return (
    <nav className="language-switcher" aria-label={i18n._("language.label")}>
      <details>
        <summary>
          <span className="visually-hidden">{i18n._("language.label")}: </span>
          <span lang={current?.language}>{current?.name}</span>
        </summary>
        <ul>
          {LOCALES.map((l) => (
            <li key={l.code}>
              <a
                href={switchLocalePath(fullPath, l.code, LOCALE_ROUTING)}
                hrefLang={l.language}
                lang={l.language}
                aria-current={l.code === locale ? "true" : undefined}
                data-locale-switch={l.code}
                // The server never sees the hash; add the live one so the visitor lands on the same spot.
                onClick={(event) => {
                  event.currentTarget.hash = window.location.hash;
                  window.dispatchEvent(new Event(LOCALE_SWITCH_EVENT));
                }}
              >
                {l.name}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
