import { useLingui } from "@lingui/react";

/** A screen's own words, by the key after its prefix: `t("add")` on the groups screen is `console.groups.add`. */
export type ScreenMessages = (key: string, values?: Record<string, unknown>) => string;

export function useScreenMessages(prefix: string): ScreenMessages {
  const { i18n } = useLingui();
  return (key, values) => i18n._(`${prefix}.${key}`, values);
}
