/**
 * Whether the recurring series' messages (issue 17) are in for the language shown, loading them
 * when they are not (a language switched after the page loaded). Used by lazily loaded screens only.
 */
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { isLocaleCode } from "../../../i18n/locales.ts";
import { hasRecurringMessages, loadRecurringMessages } from "../../../i18n/recurring-runtime.ts";

export function useRecurringMessages(): boolean {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [loadedFor, setLoadedFor] = useState<string | null>(hasRecurringMessages(i18n) ? locale : null);
  const isReady = loadedFor === locale || hasRecurringMessages(i18n);
  useEffect(() => {
    if (isReady || !isLocaleCode(locale)) return;
    let isCurrent = true;
    void loadRecurringMessages(locale).then(() => {
      if (isCurrent) setLoadedFor(locale);
    });
    return () => {
      isCurrent = false;
    };
  }, [isReady, locale]);
  return isReady;
}
