/**
 * The embed loader a business pastes into its own page (issue 17, ADR 0018):
 *
 *   <script async src="https://book.example.com/embed.js"></script>
 *   <div data-booking-inline="/widget/bookings/massage"></div>           inline, in the page
 *   <button data-booking-popup="/widget/bookings/massage">Book</button>  pop-up, on click
 *   <script async src="…/embed.js" data-booking-floating="/widget/…"     a floating button
 *           data-booking-label="Book now"></script>
 *
 * Each embed element may carry `data-booking-lang`, the prefill and theme attributes of
 * EMBED_QUERY_PARAMS (`data-booking-email`, `data-booking-brand`, …) and, inline,
 * `data-booking-height` (space reserved before the widget reports its height). The host page
 * hears `booking:<event>` DOM events on the element (they bubble to `document`).
 *
 * Constraints that shape it: under 3 KB gzip, no dependencies, async-safe, and no inline styles —
 * its CSS is a constructed stylesheet, which a strict host CSP (`style-src 'self'`) allows.
 */
import { parseHexColour, textOnAccent } from "../core/shared/brand-colour.ts";
import {
  EMBED_FLAG_PARAM,
  EMBED_FRAME_NAME_PREFIX,
  EMBED_MESSAGE_SOURCE,
  EMBED_QUERY_PARAMS,
  type EmbedMessage,
} from "./protocol.ts";

/**
 * Filled at build time from the catalogues (vite.embed.config.ts): the loader's only texts, keyed by
 * every locale code (LOCALE_CODES), so its keys are also the languages the widget speaks.
 */
declare const __EMBED_TEXTS__: Record<string, { close: string; dialog: string }>;
const LOCALE_CODES = Object.keys(__EMBED_TEXTS__);

/**
 * Element-qualified selectors: a host's own `button {…}` or `iframe {…}` rules are as specific, and
 * an adopted stylesheet comes after the page's sheets in the cascade, so ours win on equal terms.
 */
const CSS = `
iframe.bw-frame{display:block;width:100%;border:0;height:640px;color-scheme:normal}
dialog.bw-dialog{padding:0;border:0;border-radius:12px;width:min(760px,calc(100vw - 32px));max-width:none;max-height:calc(100dvh - 32px);overflow:auto;background:#f6f7f9}
dialog.bw-dialog::backdrop{background:rgb(0 0 0/.55)}
dialog.bw-dialog iframe.bw-frame{height:100px}
div.bw-bar{position:sticky;top:0;z-index:1;height:0;display:flex;justify-content:flex-end}
button.bw-close{width:44px;height:44px;margin:8px 8px 0 0;padding:0;border:1px solid #8a95a5;border-radius:50%;background:#fff;color:#1c2430;font:24px/1 system-ui,sans-serif;cursor:pointer}
button.bw-float{position:fixed;right:20px;bottom:20px;z-index:2147483000;min-height:48px;margin:0;padding:12px 20px;border:0;border-radius:24px;background:#0b5cad;color:#fff;font:600 16px/1.2 system-ui,sans-serif;box-shadow:0 4px 16px rgb(0 0 0/.25);cursor:pointer}
button.bw-close:focus-visible,button.bw-float:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
@media (max-width:600px){dialog.bw-dialog{width:100vw;height:100dvh;max-height:100dvh;margin:0;border-radius:0}}
`;

(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script || (window as { __bookingEmbed?: boolean }).__bookingEmbed) return;
  (window as { __bookingEmbed?: boolean }).__bookingEmbed = true;
  const widgetOrigin = new URL(script.src).origin;
  const hostOrigin = location.origin;
  /** Each frame's window → the element that hears its events, and the frame to size. */
  const frames = new Map<Window, { frame: HTMLIFrameElement; target: HTMLElement; dialog?: HTMLDialogElement }>();

  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

  const langOf = (el: HTMLElement): string => {
    const lang = (el.dataset.bookingLang || document.documentElement.lang || "en").toLowerCase();
    return LOCALE_CODES.includes(lang) ? lang : lang.split("-")[0]!;
  };
  const texts = (el: HTMLElement) => __EMBED_TEXTS__[langOf(el)] ?? __EMBED_TEXTS__.en!;

  /** The widget's address for an embed element: only a path on the widget's own origin. */
  function frameUrl(path: string, el: HTMLElement): string {
    const url = new URL(path, widgetOrigin);
    if (url.origin !== widgetOrigin) throw new Error(`booking embed: ${path} is not a widget path`);
    const lang = langOf(el);
    if (lang !== "en" && LOCALE_CODES.includes(lang)) url.pathname = `/${lang}${url.pathname}`;
    for (const name of EMBED_QUERY_PARAMS) {
      const value = el.getAttribute(`data-booking-${name}`);
      if (value) url.searchParams.set(name, value);
    }
    url.searchParams.set(EMBED_FLAG_PARAM, "1");
    return url.href;
  }

  function makeFrame(path: string, el: HTMLElement, title: string): HTMLIFrameElement {
    const frame = document.createElement("iframe");
    frame.className = "bw-frame";
    frame.title = title;
    frame.name = EMBED_FRAME_NAME_PREFIX + hostOrigin;
    frame.allow = "payment";
    frame.src = frameUrl(path, el);
    return frame;
  }

  const track = (frame: HTMLIFrameElement, target: HTMLElement, dialog?: HTMLDialogElement) => {
    if (frame.contentWindow) frames.set(frame.contentWindow, { frame, target, dialog });
  };

  addEventListener("message", (e: MessageEvent) => {
    if (e.origin !== widgetOrigin) return;
    const entry = frames.get(e.source as Window);
    const data = e.data as EmbedMessage | null;
    if (!entry || data?.source !== EMBED_MESSAGE_SOURCE) return;
    if (data.event === "resize") {
      const height = Number(data.detail.height);
      if (height > 0) entry.frame.style.height = `${Math.ceil(height)}px`;
    } else if (data.event === "close") entry.dialog?.close();
    entry.target.dispatchEvent(new CustomEvent(`booking:${data.event}`, { bubbles: true, detail: data.detail }));
  });

  function mountInline(el: HTMLElement) {
    if (el.dataset.bookingMounted) return;
    el.dataset.bookingMounted = "1";
    const frame = makeFrame(el.dataset.bookingInline!, el, el.getAttribute("aria-label") || texts(el).dialog);
    // The reserved space stands until the widget reports its real height: no layout shift on load.
    if (el.dataset.bookingHeight) frame.style.height = `${parseInt(el.dataset.bookingHeight, 10)}px`;
    el.append(frame);
    track(frame, el);
  }

  /** One dialog per pop-up trigger, its frame loaded ahead (pre-rendered) so it opens at once. */
  const dialogs = new WeakMap<HTMLElement, HTMLDialogElement>();
  function prepare(trigger: HTMLElement): HTMLDialogElement {
    let dialog = dialogs.get(trigger);
    if (dialog) return dialog;
    const label = trigger.getAttribute("aria-label") || trigger.textContent?.trim() || texts(trigger).dialog;
    dialog = document.createElement("dialog");
    dialog.className = "bw-dialog";
    dialog.setAttribute("aria-label", label);
    const close = document.createElement("button");
    close.type = "button";
    close.className = "bw-close";
    close.textContent = "×";
    close.setAttribute("aria-label", texts(trigger).close);
    close.onclick = () => dialog!.close();
    const bar = document.createElement("div");
    bar.className = "bw-bar";
    bar.append(close);
    const frame = makeFrame(trigger.dataset.bookingPopup!, trigger, label);
    dialog.append(bar, frame);
    // Focus returns to what opened it (a floating button, a link), whatever closed it.
    dialog.addEventListener("close", () => trigger.focus());
    document.body.append(dialog);
    track(frame, trigger, dialog);
    dialogs.set(trigger, dialog);
    return dialog;
  }

  const triggerOf = (e: Event) =>
    e.target instanceof Element ? e.target.closest<HTMLElement>("[data-booking-popup]") : null;
  document.addEventListener("click", (e) => {
    const trigger = triggerOf(e);
    if (!trigger) return;
    e.preventDefault();
    prepare(trigger).showModal();
  });
  for (const type of ["pointerover", "focusin"])
    document.addEventListener(type, (e) => {
      const trigger = triggerOf(e);
      if (trigger) prepare(trigger);
    });

  function scan() {
    document.querySelectorAll<HTMLElement>("[data-booking-inline]").forEach(mountInline);
    // Any of the page's loader tags may ask for the floating button, not only the one that ran first.
    document.querySelectorAll<HTMLScriptElement>("script[data-booking-floating]").forEach((tag) => {
      if (tag.dataset.bookingMounted || new URL(tag.src, location.href).origin !== widgetOrigin) return;
      tag.dataset.bookingMounted = "1";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "bw-float";
      for (const attr of Array.from(tag.attributes))
        if (attr.name.startsWith("data-booking-") && attr.name !== "data-booking-floating")
          button.setAttribute(attr.name, attr.value);
      button.dataset.bookingPopup = tag.dataset.bookingFloating;
      button.textContent = tag.dataset.bookingLabel || texts(tag).dialog;
      // The business's brand colour fills the button, with whichever text reads better on it. Set
      // through the CSSOM, which a strict host CSP allows (unlike a style attribute).
      const brand = tag.dataset.bookingBrand ?? "";
      const rgb = parseHexColour(brand);
      if (rgb) {
        button.style.background = `rgb(${rgb.join()})`;
        button.style.color = textOnAccent(brand);
      }
      document.body.append(button);
    });
    // Pop-ups load in the background once the page is idle, so the first click opens a ready widget.
    const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1500));
    idle(() => document.querySelectorAll<HTMLElement>("[data-booking-popup]").forEach(prepare));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
