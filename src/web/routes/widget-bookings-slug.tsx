import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarIntro } from "../features/booking-pages/calendar-intro.tsx";
import type { Route } from "./+types/widget-bookings-slug";

/** `/widget/bookings/:slug` and its catch-all: a calendar by its public slug. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = (params.slug ?? params["*"] ?? "").replace(/\/+$/, "");
  const business = requireFound(await context.business(), request);
  return requireFound(slug ? await context.pages.calendarBySlug(business, slug) : null, request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function WidgetBookingsSlug({ loaderData }: Route.ComponentProps) {
  return <CalendarIntro calendar={loaderData} />;
}
