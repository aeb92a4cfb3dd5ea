import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import type { ErrorDescription } from "./describe-error.ts";

/**
 * Spec §2 screen 10: the numeric status code and the status message, centred on a dark
 * background, content at most 520 px wide; the error is also logged to the console.
 */
export function ErrorScreen({ error, description }: { error: unknown; description: ErrorDescription }) {
  const { i18n } = useLingui();
  useEffect(() => {
    // Spec §2 screen 10: the error is also logged to the console.
    console.error(`${description.status} ${description.message}`, error);
  }, [error, description.status, description.message]);
  const message =
    description.code === "PAGE_NOT_FOUND"
      ? i18n._("error.pageNotFound", { path: description.path ?? "" })
      : description.code === "NOT_FOUND"
        ? i18n._("error.notFound")
        : description.message;
  return (
    <main className="error-screen" id="main">
      <title>{`${description.status} · ${message}`}</title>
      <div className="error-screen__content">
        <p className="error-screen__status" aria-hidden="true">
          {description.status}
        </p>
        <h1 className="error-screen__message">
          <span className="visually-hidden">{i18n._("error.statusCode", { status: description.status })}: </span>
          {message}
        </h1>
        <a className="error-screen__link" href="/">
          {i18n._("error.backHome")}
        </a>
      </div>
    </main>
  );
}
