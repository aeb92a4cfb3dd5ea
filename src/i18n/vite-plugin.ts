/**
 * Compiles the ICU catalogues in src/i18n/catalogs at build time, one lazily loaded chunk per
 * locale, so the browser ships neither the ICU parser nor the languages it does not show
 * (docs/decisions/0004-i18n.md).
 */
import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { LOCALE_CODES, fallbackChain, type LocaleCode } from "./locales.ts";
import { BOOKING_PROOF_PROBLEMS } from "../core/booking/proof-of-work.ts";
import { FORM_ANSWER_REFUSALS } from "../core/booking/errors.ts";

const LOADERS_ID = "virtual:i18n-catalogs";
const CATALOG_PREFIX = "virtual:i18n-catalog/";
/** The business console's messages: their own chunks, loaded by the console only (issue 18). */
const CONSOLE_LOADERS_ID = "virtual:i18n-console-catalogs";
const CONSOLE_CATALOG_PREFIX = "virtual:i18n-console-catalog/";
export const CONSOLE_PREFIX = "console.";
/**
 * Messages of the screens after a booking page's first (issue 17, ADR 0004): recurring series, the
 * details step's coupon and change policy, payment, the confirmation and the manage screen. Their own
 * chunks (`later-<locale>`), loaded with those lazily loaded screens, so the first JavaScript of a
 * booking page carries only what its first screen says.
 */
const LATER_LOADERS_ID = "virtual:i18n-later-catalogs";
const LATER_CATALOG_PREFIX = "virtual:i18n-later-catalog/";
export const LATER_PREFIXES = [
  "recurring.",
  "widget.payment.",
  "widget.done.",
  "widget.manage.",
  "widget.cancel.",
  "widget.policy.",
  "widget.coupon.",
  // The held time's countdown and the details step's own words: only the details step (which waits for
  // these messages) shows them.
  "widget.hold.",
  "widget.details.",
] as const;
const catalogsDir = path.join(path.dirname(new URL(import.meta.url).pathname), "catalogs");

export function readCatalog(code: LocaleCode): Record<string, string> {
  const file = path.join(catalogsDir, `${code}.json`);
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
}

/** Merges the fallback chain (pt-br → pt → en) so a missing key never shows an id. */
export function mergedCatalog(code: LocaleCode): Record<string, string> {
  return Object.assign({}, ...fallbackChain(code).reverse().map(readCatalog)) as Record<string, string>;
}

/**
 * Messages only the server's own code reads (emails and the webhook alert, through server-i18n.ts,
 * straight from the JSON): left out of the compiled chunks, so the browser never downloads them.
 */
export const SERVER_ONLY_PREFIXES = ["email.", "webhook."] as const;
/**
 * Messages of the content site's pages (posts, listings, products, previews): those routes are sent
 * without scripts (web/components/static-page.ts), so only the server renders their texts and no
 * browser needs them in a catalogue chunk. So are the booking pages' meta descriptions (`meta.`),
 * written by their loaders on the server.
 */
export const STATIC_PAGE_PREFIXES = ["content.", "meta."] as const;
/** Refusals only the business API gives (a key, a slug, a host name): no visitor's page ever shows them. */
export const BUSINESS_ONLY_PROBLEMS = [
  "AUTHENTICATION_REQUIRED",
  "INVALID_API_KEY",
  "REFERENCE_NOT_FOUND",
  "SLUG_TAKEN",
  "HOSTNAME_TAKEN",
  "IN_USE",
  "NOT_A_REQUEST",
  // The console's sign-in and roles: it shows the server's localised detail.
  "SIGN_IN_FAILED",
  "LINK_INVALID",
  "CSRF_FAILED",
  "FORBIDDEN_FOR_ROLE",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_IS_EMAIL",
  "EMAIL_TAKEN",
  // The console's team and own account.
  "CURRENT_PASSWORD_WRONG",
  "LAST_OWNER",
  "ALREADY_JOINED",
  // The console's own Stripe keys (issue 14).
  "STRIPE_KEY_REJECTED",
  "STRIPE_MODE_MISMATCH",
  "STRIPE_UNREACHABLE",
] as const;
/**
 * Refusals of a request's framing that only a hand-written API client can meet: the widget always
 * sends JSON (api-client.ts) with a fresh random Idempotency-Key per distinct body
 * (use-booking-flow.ts). Left out so the page's catalogue can carry messages a visitor does see.
 */
export const API_CLIENT_ONLY_PROBLEMS = [
  "INVALID_IDEMPOTENCY_KEY",
  "IDEMPOTENCY_KEY_REUSED",
  "UNSUPPORTED_MEDIA_TYPE",
] as const;
/**
 * Refusals only a series meets (issue 17): a visitor sees them in the series screens, which load
 * the recurring messages anyway (the chooser's preview, booking a series, cancelling the rest), so
 * they travel in the recurring chunks rather than every booking page's first catalogue.
 */
export const RECURRING_PROBLEMS = [
  "RECURRING_NOT_SUPPORTED",
  "RECURRING_NOT_OFFERED",
  "SERIES_PAYMENT_NOT_SUPPORTED",
] as const;
/**
 * The bot protection's refusals (ADR 0055): met only on the details step, by
 * which time the later messages are in (booking-flow.tsx prefetches them when the page starts).
 */
const laterKeys = new Set<string>([
  ...[...RECURRING_PROBLEMS, ...BOOKING_PROOF_PROBLEMS].map((code) => `problem.${code}`),
]);
const forLater = (key: string) => LATER_PREFIXES.some((prefix) => key.startsWith(prefix)) || laterKeys.has(key);
// An attached form's field refusals (issue 15): the widget shows them with the form page's own messages
// (booking-request.ts ERROR_CODE_KEYS), so their `problem.` texts serve API answers only.
const serverOnlyKeys = new Set<string>(
  [...BUSINESS_ONLY_PROBLEMS, ...API_CLIENT_ONLY_PROBLEMS, ...FORM_ANSWER_REFUSALS].map((code) => `problem.${code}`),
);
const forPages = (key: string) =>
  !serverOnlyKeys.has(key) &&
  !key.startsWith(CONSOLE_PREFIX) &&
  !forLater(key) &&
  !SERVER_ONLY_PREFIXES.some((prefix) => key.startsWith(prefix));
/** The browser's copy of a page catalogue: without what only script-free pages say. */
const forPagesInBrowser = (key: string) =>
  forPages(key) && !STATIC_PAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
const forConsole = (key: string) => key.startsWith(CONSOLE_PREFIX);
const LATER_CHUNK = "later-";

/** The console's chunks are named `console-<locale>`, so nothing mistakes them for a page's catalogue. */
const CONSOLE_CHUNK = "console-";

const loadersModule = (prefix: string, chunk = "") =>
  `export const catalogLoaders = {${LOCALE_CODES.map(
    (code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(prefix + chunk + code)})`,
  ).join(",")}};`;

export function i18nCatalogs(): Plugin {
  return {
    name: "i18n-catalogs",
    resolveId(id) {
      if ([LOADERS_ID, CONSOLE_LOADERS_ID, LATER_LOADERS_ID].includes(id)) return `\0${id}`;
      if (id.startsWith(CATALOG_PREFIX) || id.startsWith(CONSOLE_CATALOG_PREFIX) || id.startsWith(LATER_CATALOG_PREFIX))
        return `\0${id}`;
      return null;
    },
    load(id, options) {
      if (id === `\0${LOADERS_ID}`) return loadersModule(CATALOG_PREFIX);
      if (id === `\0${CONSOLE_LOADERS_ID}`) return loadersModule(CONSOLE_CATALOG_PREFIX, CONSOLE_CHUNK);
      if (id === `\0${LATER_LOADERS_ID}`) return loadersModule(LATER_CATALOG_PREFIX, LATER_CHUNK);
      const area = id.startsWith(`\0${CATALOG_PREFIX}`)
        ? { prefix: CATALOG_PREFIX, keep: options?.ssr ? forPages : forPagesInBrowser }
        : id.startsWith(`\0${CONSOLE_CATALOG_PREFIX}`)
          ? { prefix: CONSOLE_CATALOG_PREFIX + CONSOLE_CHUNK, keep: forConsole }
          : id.startsWith(`\0${LATER_CATALOG_PREFIX}`)
            ? { prefix: LATER_CATALOG_PREFIX + LATER_CHUNK, keep: forLater }
            : null;
      if (!area) return null;
      const code = id.slice(area.prefix.length + 1) as LocaleCode;
      for (const c of fallbackChain(code)) this.addWatchFile(path.join(catalogsDir, `${c}.json`));
      const compiled = Object.fromEntries(
        Object.entries(mergedCatalog(code))
          .filter(([key]) => area.keep(key))
          .map(([key, message]) => [key, compileMessage(message)]),
      );
      return `export const messages = ${JSON.stringify(compiled)};`;
    },
  };
}
