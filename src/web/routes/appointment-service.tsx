import { requireFound } from "../features/errors/route-errors.ts";
import { loadBookingPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/appointment-service";

/** `/widget/appointment/service/:service`: one service of a service calendar, straight to its times. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const { calendar, service } = requireFound(await context.pages.serviceCalendar(business, params.service), request);
  return requireFound(
    await loadBookingPage(context, request, calendar.id, { presetServiceIds: [service.id] }),
    request,
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  bookingMeta(
    data,
    data
      ? `${data.config.services.find((s) => data.presetServiceIds.includes(s.id))?.name ?? ""} · ${data.config.name}`
      : "",
  );

export default function AppointmentService({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
