import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocaleCode } from "../i18n/locales.ts";
import { loadI18n } from "../i18n/runtime.ts";
import { installChunkReload } from "./features/chunk-reload/install-chunk-reload.ts";

declare global {
  interface Window {
    /** A start-up error, kept for diagnosis (spec §4: "a startup error is stored"). */
    __startupError?: unknown;
  }
}

async function start() {
  const requested = document.documentElement.dataset.locale;
  await loadI18n(isLocaleCode(requested) ? requested : DEFAULT_LOCALE);
  installChunkReload();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

start().catch((error: unknown) => {
  window.__startupError = error;
  console.error(error);
  // The server-rendered page stays readable; an overlay states that the app could not start.
  const host = document.createElement("div");
  document.body.append(host);
  createRoot(host).render(
    <div className="error-screen error-screen--overlay" role="alert">
      <div className="error-screen__content">
        <p className="error-screen__status">500</p>
        <p className="error-screen__message">{error instanceof Error ? error.message : String(error)}</p>
      </div>
    </div>,
  );
});
