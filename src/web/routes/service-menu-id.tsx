import { requireFound } from "../features/errors/route-errors.ts";
import { loadBookingPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/service-menu-id";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const menu = requireFound(await context.pages.serviceMenuById(params.serviceMenuId), request);
  const page = requireFound(
    await loadBookingPage(context, request, menu.calendar.id, { offeredServiceIds: menu.services.map((s) => s.id) }),
    request,
  );
  return {
    ...page,
    config: { ...page.config, name: menu.name, description: menu.description || page.config.description },
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.config.name ?? "" }];

export default function ServiceMenuId({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
