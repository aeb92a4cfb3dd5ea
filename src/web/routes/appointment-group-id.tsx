import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarChooser } from "../features/booking-pages/calendar-chooser.tsx";
import type { Route } from "./+types/appointment-group-id";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return requireFound(await context.pages.groupById(params.groupId), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function AppointmentGroup({ loaderData }: Route.ComponentProps) {
  return (
    <CalendarChooser
      title={loaderData.name}
      isOwnTitle
      description={loaderData.description}
      calendars={loaderData.calendars}
    />
  );
}
