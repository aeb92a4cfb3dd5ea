import { useLingui } from "@lingui/react";
import { requireFound } from "../features/errors/route-errors.ts";
import { hasManageParams, loadManagedBooking } from "../features/booking-flow/booking-page.server.ts";
import { ManagedBooking } from "../features/booking-flow/managed-booking.tsx";
import type { Route } from "./+types/cancel-appointment";

/** `/widget/appointment/service/:service/cancel`: cancel an appointment of a service calendar (`?booking=…&token=…`). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const business = requireFound(await context.business(), request);
  const found = requireFound(await context.pages.serviceCalendar(business, params.service), request);
  const managed = hasManageParams(request) ? requireFound(await loadManagedBooking(context, request), request) : null;
  return { serviceName: found.service.name, managed };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.managed ? data.managed.managed.booking.calendarName : (data?.serviceName ?? "") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function CancelAppointment({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  if (loaderData.managed)
    return (
      <ManagedBooking page={loaderData.managed.managed} token={loaderData.managed.token} done={null} startWithCancel />
    );
  return (
    <section aria-labelledby="cancel-title">
      <h1 id="cancel-title">{i18n._("booking.cancelTitle")}</h1>
      <p>{loaderData.serviceName}</p>
      <p>{i18n._("booking.cancelIntro")}</p>
    </section>
  );
}
