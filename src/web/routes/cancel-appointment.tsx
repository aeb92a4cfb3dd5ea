import { useLingui } from "@lingui/react";
import { requireFound } from "../features/errors/route-errors.ts";
import type { Route } from "./+types/cancel-appointment";

/** `/widget/appointment/service/:service/cancel`: cancel an appointment of a service calendar. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  return requireFound(await context.pages.serviceCalendar(business, params.service), request);
}

export default function CancelAppointment({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="cancel-title">
      <h1 id="cancel-title">{i18n._("booking.cancelTitle")}</h1>
      <p>{loaderData.service.name}</p>
      <p>{i18n._("booking.cancelIntro")}</p>
    </section>
  );
}
