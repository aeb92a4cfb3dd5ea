import { requireFound } from "../features/errors/route-errors.ts";
import { loadServiceMenuPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/service-menu-slug";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const menu = requireFound(await context.pages.serviceMenuBySlug(business, params.serviceMenuSlug), request);
  return requireFound(await loadServiceMenuPage(context, request, menu), request);
}

export const meta: Route.MetaFunction = ({ data }) => bookingMeta(data);

export default function ServiceMenuSlug({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
