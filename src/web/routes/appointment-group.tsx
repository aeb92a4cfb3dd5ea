import { requireFound } from "../features/errors/route-errors.ts";
import { CalendarChooser } from "../features/booking-pages/calendar-chooser.tsx";
import type { Route } from "./+types/appointment-group";

/**
 * A group (team) page listing its calendars, by id (`/widget/group/:groupId`) or by its slug
 * (`/widget/groups/:groupSlug`, and the spec's `/widget/appointment/:provider`).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (params.groupId) return requireFound(await context.pages.groupById(params.groupId), request);
  const business = requireFound(await context.business(), request);
  const slug = params.groupSlug ?? params.provider ?? "";
  return requireFound(await context.pages.groupBySlug(business, slug), request);
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
