import { useLingui } from "@lingui/react";
import { requireFound } from "../features/errors/route-errors.ts";
import { hasManageParams, loadManagedBooking } from "../features/booking-flow/booking-page.server.ts";
import { ManagedBooking } from "../features/booking-flow/managed-booking.tsx";
import type { Route } from "./+types/cancel-booking";

/** `/widget/booking/cancel-booking` and `/widget/cancel-booking` (form layout), opened from the email's `?booking=…&token=…` (or `?id=…`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!hasManageParams(request)) return null;
  return requireFound(await loadManagedBooking(context, request), request);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? data.managed.booking.calendarName : "Cancel a booking" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function CancelBooking({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  if (loaderData)
    return <ManagedBooking page={loaderData.managed} token={loaderData.token} done={null} startWithCancel />;
  return (
    <section aria-labelledby="cancel-title">
      <h1 id="cancel-title">{i18n._("booking.cancelTitle")}</h1>
      <p>{i18n._("booking.cancelIntro")}</p>
    </section>
  );
}
