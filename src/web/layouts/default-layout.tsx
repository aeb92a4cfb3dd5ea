import { useLingui } from "@lingui/react";
import { Outlet } from "react-router";
import { LanguageSwitcher } from "../components/language-switcher.tsx";
import { LocaleLink } from "../components/locale.tsx";
import { SkipLink } from "../components/skip-link.tsx";

/** The content site: header, page, footer. */
export default function DefaultLayout() {
  const { i18n } = useLingui();
  return (
    <div className="layout layout--default">
      <SkipLink />
      <header className="site-header">
        <LocaleLink to="/" className="site-header__home">
          {i18n._("app.name")}
        </LocaleLink>
        <LanguageSwitcher />
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>{i18n._("layout.poweredBy")}</p>
      </footer>
    </div>
  );
}
