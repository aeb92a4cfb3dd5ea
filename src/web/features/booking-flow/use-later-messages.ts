/**
 * Suspends until the messages of the screens after the first (i18n/later-runtime.ts) are in for the
 * language shown. Under a Suspense boundary, a server-rendered confirmation or series keeps its HTML
 * while they load, then hydrates. Used by lazily loaded screens only.
 */
import { useLingui } from "@lingui/react";
import { use } from "react";
import { laterMessagesFor } from "../../../i18n/later-runtime.ts";

export function useLaterMessages(): void {
  const { i18n } = useLingui();
  const loading = laterMessagesFor(i18n);
  if (loading) use(loading);
}
