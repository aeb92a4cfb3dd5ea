import { requireFound } from "../features/errors/route-errors.ts";
import { loadBookingPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/widget-bookings-slug";

/** `/widget/bookings/:slug` and its catch-all: a calendar by its public slug. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = (params.slug ?? params["*"] ?? "").replace(/\/+$/, "");
  const business = requireFound(await context.business(), request);
  const calendar = requireFound(slug ? await context.pages.calendarBySlug(business, slug) : null, request);
  return requireFound(await loadBookingPage(context, request, calendar.id), request);
}

export const meta: Route.MetaFunction = ({ data }) => bookingMeta(data);

export default function WidgetBookingsSlug({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
