import { requireFound } from "../features/errors/route-errors.ts";
import { loadServiceMenuPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/service-menu-service";

/** `/widget/service-menus/:servicemenu/:service`: a menu with one of its services preselected (more can be added). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const menu = requireFound(await context.pages.serviceMenuBySlug(business, params.servicemenu), request);
  // A private service is not listed, but its direct link opens it (preselected, as any other).
  const selected = requireFound(
    [...menu.services, ...menu.unlistedServices].find((s) => s.slug === params.service || s.id === params.service),
    request,
  );
  // Preselected in the services step (not skipped): the visitor may add services and guests.
  return requireFound(await loadServiceMenuPage(context, request, menu, [selected.id]), request);
}

export const meta: Route.MetaFunction = ({ data }) => bookingMeta(data);

export default function ServiceMenuService({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
