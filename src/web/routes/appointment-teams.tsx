import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarChooser } from "../features/booking-pages/calendar-chooser.tsx";
import type { Route } from "./+types/appointment-teams";

/** `/widget/appointment/:provider`: a team (group) page listing its calendars. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  return requireFound(await context.pages.groupBySlug(business, params.provider), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function AppointmentTeams({ loaderData }: Route.ComponentProps) {
  return (
    <CalendarChooser
      title={loaderData.name}
      isOwnTitle
      description={loaderData.description}
      calendars={loaderData.calendars}
    />
  );
}
