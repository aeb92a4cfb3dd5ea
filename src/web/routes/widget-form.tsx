import { requireFound } from "../features/errors/route-errors.ts";
import { loadFormPage, submitFormPage } from "../features/forms/form-page.server.ts";
import { FormPage } from "../features/forms/form-page.tsx";
import type { Route } from "./+types/widget-form";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return requireFound(await loadFormPage(context, params.id, "form", request), request);
}

export async function action({ params, context, request }: Route.ActionArgs) {
  return requireFound(await submitFormPage(context, params.id, "form", request), request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.name ?? "" }];

export default function WidgetForm({ loaderData, actionData }: Route.ComponentProps) {
  return <FormPage page={loaderData} result={actionData} />;
}
