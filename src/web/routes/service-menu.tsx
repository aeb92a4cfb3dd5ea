import { requireFound } from "../features/errors/route-errors.ts";
import { loadServiceMenuPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/service-menu";

/** A service menu's booking page, by id (`/widget/service-menu/:serviceMenuId`) or by slug (`/widget/service-menus/:serviceMenuSlug`). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const menu = params.serviceMenuId
    ? await context.pages.serviceMenuById(params.serviceMenuId)
    : await context.pages.serviceMenuBySlug(
        requireFound(await context.business(), request),
        params.serviceMenuSlug ?? "",
      );
  return requireFound(await loadServiceMenuPage(context, request, requireFound(menu, request)), request);
}

export const meta: Route.MetaFunction = ({ data }) => bookingMeta(data);

export default function ServiceMenu({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
