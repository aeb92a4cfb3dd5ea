import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarIntro } from "../features/booking-pages/calendar-intro.tsx";
import type { Route } from "./+types/appointment-provider-service";

/** `/widget/appointment/:provider/:service`: a calendar (`service`) of a team or group (`provider`). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  return requireFound(await context.pages.calendarInGroup(business, params.provider, params.service), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function AppointmentProviderService({ loaderData }: Route.ComponentProps) {
  return <CalendarIntro calendar={loaderData} />;
}
