import { Outlet } from "react-router";
import { SkipLink } from "../components/skip-link.tsx";

/** Forms, surveys and cancellation: a narrow single column. */
export default function FormLayout() {
  return (
    <div className="layout layout--form">
      <SkipLink />
      <main id="main" className="form-card" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
