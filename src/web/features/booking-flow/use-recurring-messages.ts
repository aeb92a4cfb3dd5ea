/**
 * Suspends until the recurring series' messages (issue 17) are in for the language shown. Under a
 * Suspense boundary, a server-rendered series keeps its HTML while they load, then hydrates.
 * Used by lazily loaded screens only.
 */
import { useLingui } from "@lingui/react";
import { use } from "react";
import { recurringMessagesFor } from "../../../i18n/recurring-runtime.ts";

export function useRecurringMessages(): void {
  const { i18n } = useLingui();
  const loading = recurringMessagesFor(i18n);
  if (loading) use(loading);
}
