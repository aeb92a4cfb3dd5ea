import { requireFound } from "../features/errors/route-errors.ts";
import { ServiceMenu } from "../features/booking-pages/service-menu.tsx";
import type { Route } from "./+types/service-menu-slug";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  return requireFound(await context.pages.serviceMenuBySlug(business, params.serviceMenuSlug), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function ServiceMenuSlug({ loaderData }: Route.ComponentProps) {
  return <ServiceMenu menu={loaderData} />;
}
