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

// Recurring series' messages (keys `recurring.*`, issue 17), in chunks of their own.
declare module "virtual:i18n-recurring-catalogs" {
  import type { Messages } from "@lingui/core";
  export const catalogLoaders: Partial<Record<string, () => Promise<{ messages: Messages }>>>;
}
