import { Outlet } from "react-router";
import { LanguageSwitcher } from "../components/language-switcher.tsx";
import { SkipLink } from "../components/skip-link.tsx";

/** Forms, surveys and cancellation: a narrow single column. */
export default function FormLayout() {
  return (
    <div className="layout layout--form">
      <SkipLink />
      <div className="layout__toolbar">
        <LanguageSwitcher />
      </div>
      <main id="main" className="form-card" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
