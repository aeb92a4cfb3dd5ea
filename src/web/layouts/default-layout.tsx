import { useLingui } from "@lingui/react";
import { Outlet } from "react-router";
import { LanguageSwitcher } from "../components/language-switcher.tsx";
import { LocaleLink } from "../components/locale.tsx";
import { SkipLink } from "../components/skip-link.tsx";
import { BusinessMark, usePageBrand } from "../components/business-mark.tsx";

/** The content site: header, page, footer, headed and footed by its business's name and logo. */
export default function DefaultLayout() {
  const { i18n } = useLingui();
  const brand = usePageBrand();
  return (
    <div className="layout layout--default">
      <SkipLink />
      <header className="site-header">
        <LocaleLink to="/" className="site-header__home business-mark">
          {brand ? <BusinessMark brand={brand} /> : i18n._("app.name")}
        </LocaleLink>
        <LanguageSwitcher />
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>{brand ? brand.name : i18n._("layout.poweredBy")}</p>
      </footer>
    </div>
  );
}
