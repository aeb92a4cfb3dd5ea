import type { BookingPageData } from "./booking-page.server.ts";
import { BookingFlow } from "./booking-flow.tsx";
import { ManagedBooking } from "./managed-booking.tsx";

/** Every booking route's screen: the flow, or the confirmation/manage screen of a booking. */
export function BookingPage({ data }: { data: BookingPageData }) {
  if (data.managed && data.token && !data.isReschedule)
    return <ManagedBooking page={data.managed} token={data.token} done={data.done} />;
  // A new key per calendar and mode: the flow's state never leaks between pages.
  return <BookingFlow key={`${data.config.id}:${data.isReschedule ? data.managed?.booking.id : "new"}`} data={data} />;
}
