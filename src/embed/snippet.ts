/**
 * The HTML a business pastes into its page (issue 17): the loader script and one embed element.
 * The business API's snippet generator and the demo host page both write their markup here, so the
 * tests embed exactly what a business would paste.
 */
import { escapeHtml } from "../core/shared/html.ts";
import { EMBED_QUERY_PARAMS, type EmbedQueryParam } from "./protocol.ts";

export const EMBED_MODES = ["inline", "popup", "floating"] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];

export interface EmbedSnippetOptions {
  /** Where the widget is served (`https://book.example.com`). */
  readonly origin: string;
  /** A widget path on that origin (`/widget/booking/<calendar id>`). */
  readonly path: string;
  readonly mode: EmbedMode;
  /** The pop-up button's or floating button's text, also the dialog's accessible name. */
  readonly label: string;
  /** The widget's language (a locale code); absent, the host page's `<html lang>`. */
  readonly lang?: string | undefined;
  /** Prefill and theme, forwarded to the widget as they are (it validates them). */
  readonly params?: Partial<Record<EmbedQueryParam, string>>;
}

/** Space reserved for an inline widget before it reports its own height: no jump as it loads. */
export const INLINE_RESERVED_HEIGHT = 640;

export function embedSnippet(options: EmbedSnippetOptions): string {
  const attributes: [string, string][] = [];
  if (options.lang) attributes.push(["data-booking-lang", options.lang]);
  for (const name of EMBED_QUERY_PARAMS) {
    const value = options.params?.[name];
    if (value) attributes.push([`data-booking-${name}`, value]);
  }
  const attrs = (list: [string, string][]) => list.map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join("");
  const script = (extra: [string, string][] = []) =>
    `<script async src="${escapeHtml(`${options.origin}/embed.js`)}"${attrs(extra)}></script>`;
  switch (options.mode) {
    case "inline":
      return `${script()}\n<div${attrs([
        ["data-booking-inline", options.path],
        ["data-booking-height", String(INLINE_RESERVED_HEIGHT)],
        ["aria-label", options.label],
        ...attributes,
      ])}></div>`;
    case "popup":
      return `${script()}\n<button type="button"${attrs([["data-booking-popup", options.path], ...attributes])}>${escapeHtml(options.label)}</button>`;
    case "floating":
      return script([["data-booking-floating", options.path], ["data-booking-label", options.label], ...attributes]);
  }
}
