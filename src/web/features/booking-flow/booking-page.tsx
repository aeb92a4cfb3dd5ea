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

/**
 * A booking page's head: its title (the calendar's or menu's name unless the route says more) and
 * the description its loader wrote in the page's language. Kept in this module, which every
 * booking route loads anyway: a module of its own would be one more chunk within the page's budget.
 */
export const bookingMeta = (
  data: { readonly config: { readonly name: string }; readonly description: string } | undefined,
  title = data?.config.name ?? "",
) => [{ title }, ...(data ? [{ name: "description", content: data.description }] : [])];
