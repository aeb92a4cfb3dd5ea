import { requireFound } from "../features/errors/route-errors.ts";
import { ServiceMenu } from "../features/booking-pages/service-menu.tsx";
import type { Route } from "./+types/service-menu-id";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return requireFound(await context.pages.serviceMenuById(params.serviceMenuId), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function ServiceMenuId({ loaderData }: Route.ComponentProps) {
  return <ServiceMenu menu={loaderData} />;
}
