import { requireFound } from "../features/errors/route-errors.ts";
import { loadBookingPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/appointment-provider-service";

/** `/widget/appointment/:provider/:service`: a calendar (`service`) of a team or group (`provider`). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const calendar = requireFound(
    await context.pages.calendarInGroup(business, params.provider, params.service),
    request,
  );
  return requireFound(await loadBookingPage(context, request, calendar.id), request);
}

export const meta: Route.MetaFunction = ({ data }) => bookingMeta(data);

export default function AppointmentProviderService({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
