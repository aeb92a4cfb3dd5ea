import { lazy, Suspense, type ComponentProps } from "react";
import type { BookingResult as BookingResultScreen } from "./booking-result.tsx";

/**
 * A booking's confirmation/manage screen. Booking pages open on the flow far more often than on a
 * booking, so in the browser this screen's code loads only when shown (the details step prefetches
 * it), keeping a booking page's first JavaScript within budget (ADR 0004). The server renders it at
 * once, so a manage page is complete HTML; hydration waits for the chunk and keeps that HTML.
 */
const serverBookingResult = import.meta.env.SSR ? (await import("./booking-result.tsx")).BookingResult : undefined;
const BookingResult =
  serverBookingResult ??
  lazy(() => import("./booking-result.tsx").then((module) => ({ default: module.BookingResult })));

export function ManagedBooking(props: ComponentProps<typeof BookingResultScreen>) {
  return (
    <Suspense>
      <BookingResult {...props} />
    </Suspense>
  );
}
