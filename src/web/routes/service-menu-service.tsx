import { requireFound } from "../features/errors/route-errors.ts";
import { ServiceMenu } from "../features/booking-pages/service-menu.tsx";
import type { Route } from "./+types/service-menu-service";

/** `/widget/service-menus/:servicemenu/:service`: a menu with one of its services preselected. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const menu = requireFound(await context.pages.serviceMenuBySlug(business, params.servicemenu), request);
  const selected = requireFound(menu.services.find((s) => s.slug === params.service || s.id === params.service), request);
  return { menu, selected };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `${data.selected.name} · ${data.menu.name}` : "" }];

export default function ServiceMenuService({ loaderData }: Route.ComponentProps) {
  return <ServiceMenu menu={loaderData.menu} selected={loaderData.selected} />;
}
