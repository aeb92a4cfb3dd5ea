/**
 * Which business a page belongs to, for its branding (ADR 0049). Widget pages that name a calendar,
 * group, service menu, form or survey by id may be any business's, whatever the host: theirs is the
 * owner of that id (never the host's, which would dress one business's page in another's logo).
 * Pages opened from a link that carries a secret — a one-time link, a booking's manage/cancel link —
 * are the business's that link belongs to, once the secret is checked (an address a visitor merely
 * guesses reveals no business). Every other page is the host's business's (slugs and paths are
 * looked up within it).
 */
import type { AppLoadContext } from "react-router";
import type { OwnedKind } from "../../app/pages/public-pages.ts";

const BY_ID: readonly (readonly [RegExp, OwnedKind])[] = [
  // `:id` may list several calendars (the first names the page's business); `cancel-booking` is a page.
  [/^\/widget\/booking\/(?!cancel-booking$)([^/,]+)(?:,[^/]*)?$/, "calendar"],
  [/^\/widget\/group\/([^/]+)$/, "group"],
  [/^\/widget\/service-menu\/([^/]+)$/, "serviceMenu"],
  [/^\/widget\/(?:form|survey)\/([^/]+)$/, "form"],
];

const ONE_TIME_LINK = /^\/widget\/otl(?:\/([^/]+))?$/;

export async function pageBusinessId(context: AppLoadContext, url: URL): Promise<string | null> {
  // After an optional locale prefix (`/de/widget/…`); `widget/booking/cancel-booking` names no calendar.
  const path = url.pathname.replace(/^\/[a-z]{2}(?:-[a-z]{2})?(?=\/widget\/)/, "");
  for (const [pattern, kind] of BY_ID) {
    const id = pattern.exec(path)?.[1];
    // Ids are uuids: anything else (`cancel-booking`, a garbled escape) names no business's page.
    if (id) return context.pages.ownerOf(kind, id);
  }
  const params = url.searchParams;
  const oneTimeLink = ONE_TIME_LINK.exec(path);
  if (oneTimeLink) {
    const slug = oneTimeLink[1] ? safeDecode(oneTimeLink[1]) : params.get("slug");
    return slug ? context.pages.ownerOfOneTimeLink(slug) : null;
  }
  const bookingId = params.get("booking") ?? params.get("id");
  const token = params.get("token");
  if (path.startsWith("/widget/") && bookingId && token) {
    const owner = await context.pages.ownerOfBooking(bookingId, token);
    if (owner) return owner;
  }
  return (await context.business())?.id ?? null;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
