import { useLingui } from "@lingui/react";
import { requireFound, slugExpired } from "../features/errors/route-errors.ts";
import { CalendarIntro } from "../features/booking-pages/calendar-intro.tsx";
import type { Route } from "./+types/widget-otl";

/** One-time links: `/widget/otl/:oneTimeSlug` (or `/widget/otl?slug=…`). A used or expired link shows the expired screen. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = params.oneTimeSlug ?? new URL(request.url).searchParams.get("slug");
  const link = requireFound(slug ? await context.pages.oneTimeLink(slug, context.now()) : null, request);
  if (link.state === "expired") slugExpired();
  return link.calendar;
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function WidgetOtl({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <>
      <p className="notice">{i18n._("otl.title")}</p>
      <CalendarIntro calendar={loaderData} />
    </>
  );
}
