import { useLingui } from "@lingui/react";
import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarChooser } from "../features/booking-pages/calendar-chooser.tsx";
import type { Route } from "./+types/widget-booking";

/** `/widget/booking` without an id: the business's calendars to choose from. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const home = await context.pages.home(business);
  return { calendars: home.calendars, businessName: business.name };
}

export default function WidgetBooking({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const title = i18n._("booking.chooseCalendar");
  return (
    <>
      <title>{`${title} – ${loaderData.businessName}`}</title>
      <CalendarChooser title={title} calendars={loaderData.calendars} />
    </>
  );
}
