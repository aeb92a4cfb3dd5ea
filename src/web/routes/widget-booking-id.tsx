import { useLingui } from "@lingui/react";
import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarChooser } from "../features/booking-pages/calendar-chooser.tsx";
import { loadBookingPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/widget-booking-id";

/** `/widget/booking/:id` (the booking flow, and the manage link's page) and `/widget/booking/:ids` (choose among those calendars). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const ids = params.id
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 1) {
    const calendar = requireFound(await context.pages.calendarById(ids[0]!), request);
    return { kind: "flow" as const, page: requireFound(await loadBookingPage(context, request, calendar.id), request) };
  }
  return { kind: "choose" as const, calendars: requireFound(await context.pages.calendarsByIds(ids), request) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...(data?.kind === "flow"
    ? bookingMeta(data.page)
    : [{ title: data?.calendars.map((c) => c.name).join(" · ") ?? "" }]),
  // Manage links carry a token: never send it to another site.
  { name: "referrer", content: "no-referrer" },
];

export default function WidgetBookingId({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  if (loaderData.kind === "flow") return <BookingPage data={loaderData.page} />;
  return <CalendarChooser title={i18n._("booking.chooseCalendar")} calendars={loaderData.calendars} />;
}
