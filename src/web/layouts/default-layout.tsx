import { useLingui } from "@lingui/react";
import { Link, Outlet } from "react-router";
import { SkipLink } from "../components/skip-link.tsx";

/** The content site: header, page, footer. */
export default function DefaultLayout() {
  const { i18n } = useLingui();
  return (
    <div className="layout layout--default">
      <SkipLink />
      <header className="site-header">
        <Link to="/" className="site-header__home">
          {i18n._("app.name")}
        </Link>
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
