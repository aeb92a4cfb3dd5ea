import { useLingui } from "@lingui/react";
import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarChooser } from "../features/booking-pages/calendar-chooser.tsx";
import { CalendarIntro } from "../features/booking-pages/calendar-intro.tsx";
import type { Route } from "./+types/widget-booking-id";

/** `/widget/booking/:id` and `/widget/booking/:ids` (comma-separated: choose among those calendars). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const ids = params.id.split(",").map((id) => id.trim()).filter(Boolean);
  const calendars = requireFound(ids.length === 1 ? await context.pages.calendarById(ids[0]!).then((c) => (c ? [c] : null)) : await context.pages.calendarsByIds(ids), request);
  return { calendars };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.calendars.length === 1 ? data.calendars[0]!.name : "" }];

export default function WidgetBookingId({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [only] = loaderData.calendars;
  if (loaderData.calendars.length === 1 && only) return <CalendarIntro calendar={only} />;
  return <CalendarChooser title={i18n._("booking.chooseCalendar")} calendars={loaderData.calendars} />;
}
