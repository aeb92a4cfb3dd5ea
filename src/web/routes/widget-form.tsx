import { requireFound } from "../features/errors/route-errors.ts";
import type { Route } from "./+types/widget-form";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return requireFound(await context.pages.form(params.id, "form"), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function WidgetForm({ loaderData }: Route.ComponentProps) {
  return <h1>{loaderData.name}</h1>;
}
