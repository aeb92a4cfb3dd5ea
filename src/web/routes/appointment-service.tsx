import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarIntro } from "../features/booking-pages/calendar-intro.tsx";
import type { Route } from "./+types/appointment-service";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  return requireFound(await context.pages.serviceCalendar(business, params.service), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `${data.service.name} · ${data.calendar.name}` : "" }];

export default function AppointmentService({ loaderData }: Route.ComponentProps) {
  return <CalendarIntro calendar={{ ...loaderData.calendar, name: loaderData.service.name, description: loaderData.service.description, durationMinutes: loaderData.service.durationMinutes }} />;
}
