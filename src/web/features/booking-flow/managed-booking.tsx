import { useLingui } from "@lingui/react";
import { lazy, Suspense, type ComponentProps } from "react";
import type { BookingResult as BookingResultScreen } from "./booking-result.tsx";
import type { LocaleCode } from "../../../i18n/locales.ts";

/**
 * A booking's confirmation/manage screen. Booking pages open on the flow far more often than on a
 * booking, so in the browser this screen's code loads only when shown (the details step prefetches
 * it), keeping a booking page's first JavaScript within budget (ADR 0004). The server renders it at
 * once, so a manage page is complete HTML; hydration waits for the chunk and keeps that HTML.
 */
const serverBookingResult = import.meta.env.SSR ? (await import("./booking-result.tsx")).BookingResult : undefined;
/** A series' page (issue 17) hydrates with its messages: loaded with the screen's chunk, in the page's language. */
let seriesLocale: LocaleCode | null = null;
const BookingResult =
  serverBookingResult ??
  lazy(() =>
    Promise.all([
      import("./booking-result.tsx"),
      seriesLocale && import("../../../i18n/recurring-runtime.ts").then((m) => m.loadRecurringMessages(seriesLocale!)),
    ]).then(([module]) => ({ default: module.BookingResult })),
  );

export function ManagedBooking(props: ComponentProps<typeof BookingResultScreen>) {
  const { i18n } = useLingui();
  if (props.page.series) seriesLocale ??= i18n.locale as LocaleCode;
  return (
    <Suspense>
      <BookingResult {...props} />
    </Suspense>
  );
}
