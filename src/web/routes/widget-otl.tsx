import { requireFound, slugExpired } from "../features/errors/route-errors.ts";
import { loadBookingPage } from "../features/booking-flow/booking-page.server.ts";
import { BookingPage, bookingMeta } from "../features/booking-flow/booking-page.tsx";
import type { Route } from "./+types/widget-otl";

/** One-time links: `/widget/otl/:oneTimeSlug` (or `/widget/otl?slug=…`). A used or expired link shows the expired screen. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = params.oneTimeSlug ?? new URL(request.url).searchParams.get("slug");
  const link = requireFound(slug ? await context.pages.oneTimeLink(slug, context.now()) : null, request);
  if (link.state === "expired") slugExpired();
  return requireFound(await loadBookingPage(context, request, link.calendar.id, { oneTimeSlug: slug }), request);
}

// Named like the calendar's own page (a tab strip, a screen reader), but never indexed: the link is personal.
export const meta: Route.MetaFunction = ({ data }) => [...bookingMeta(data), { name: "robots", content: "noindex" }];

export default function WidgetOtl({ loaderData }: Route.ComponentProps) {
  return <BookingPage data={loaderData} />;
}
