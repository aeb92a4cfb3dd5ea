// Virtual modules produced by src/i18n/vite-plugin.ts: one compiled catalogue chunk per locale.
declare module "virtual:i18n-catalogs" {
  import type { Messages } from "@lingui/core";
  import type { LocaleCode } from "./locales.ts";
  export const catalogLoaders: Record<LocaleCode, () => Promise<{ messages: Messages }>>;
}
