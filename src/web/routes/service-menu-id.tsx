import { requireFound } from "../features/errors/route-errors.ts";
import { loadServiceMenuPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/service-menu-id";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const menu = requireFound(await context.pages.serviceMenuById(params.serviceMenuId), request);
  return requireFound(await loadServiceMenuPage(context, request, menu), request);
}

export const meta: Route.MetaFunction = ({ data }) => bookingMeta(data);

export default function ServiceMenuId({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
