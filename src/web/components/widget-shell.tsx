import { useLingui } from "@lingui/react";
import { useEffect, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { startEmbedBridge } from "./embed-bridge.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { SkipLink } from "./skip-link.tsx";
import type { PageBrand } from "./business-mark.tsx";

/**
 * The frame of every widget page: language switch, skip link and the content card. In an embed
 * frame (the root loader's `isFramed`) there is no skip link — the frame holds nothing to skip — and
 * the card's `<main>` is named, so it is told apart from the host page's own main landmark.
 */
export function WidgetShell({ variant, children }: { variant: "calendar" | "form"; children: ReactNode }) {
  useEffect(() => startEmbedBridge(), []);
  const { i18n } = useLingui();
  const root = useRouteLoaderData<{ isFramed?: boolean; brand?: PageBrand | null }>("root");
  const isFramed = root?.isFramed === true;
  // On its own the page names its business; in a frame the host page around it already does. Written
  // out here rather than as BusinessMark: a shared module would be one more file in the booking
  // page's initial JavaScript, which is at its budget (ADR 0049).
  const brand = isFramed ? null : root?.brand;
  return (
    <div className={`layout layout--${variant}`}>
      {isFramed ? null : <SkipLink />}
      <div className="layout__toolbar">
        {brand ? (
          <header className="business-mark">
            {brand.logo ? <img className="business-mark__logo" {...brand.logo} alt="" /> : null}
            <span>{brand.name}</span>
          </header>
        ) : null}
        <LanguageSwitcher />
      </div>
      <main
        id="main"
        className={variant === "calendar" ? "widget-card" : "form-card"}
        tabIndex={-1}
        aria-label={isFramed ? i18n._("embed.dialogLabel") : undefined}
      >
        {children}
      </main>
    </div>
  );
}
