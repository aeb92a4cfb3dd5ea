// Virtual modules produced by src/i18n/vite-plugin.ts: one compiled catalogue chunk per locale.
declare module "virtual:i18n-catalogs" {
  import type { Messages } from "@lingui/core";
  /** Keyed by locale code (src/i18n/locales.ts); ambient declarations cannot import it. */
  export const catalogLoaders: Partial<Record<string, () => Promise<{ messages: Messages }>>>;
}

// The business console's messages (keys `console.*`), in chunks of their own.
declare module "virtual:i18n-console-catalogs" {
  import type { Messages } from "@lingui/core";
  export const catalogLoaders: Partial<Record<string, () => Promise<{ messages: Messages }>>>;
}

// The messages of the screens after a booking page's first (vite-plugin.ts LATER_PREFIXES), in chunks of their own.
declare module "virtual:i18n-later-catalogs" {
  import type { Messages } from "@lingui/core";
  export const catalogLoaders: Partial<Record<string, () => Promise<{ messages: Messages }>>>;
}
