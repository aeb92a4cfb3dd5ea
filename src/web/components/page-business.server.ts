/**
 * Which business a page belongs to, for its branding (ADR 0049). Widget pages that name a calendar,
 * group, service menu, form or survey by id may be any business's, whatever the host: theirs is the
 * owner of that id (never the host's, which would dress one business's page in another's logo).
 * Every other page is the host's business's (slugs and paths are looked up within it).
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

export async function pageBusinessId(context: AppLoadContext, pathname: string): Promise<string | null> {
  // After an optional locale prefix (`/de/widget/…`); `widget/booking/cancel-booking` names no calendar.
  const path = pathname.replace(/^\/[a-z]{2}(?:-[a-z]{2})?(?=\/widget\/)/, "");
  for (const [pattern, kind] of BY_ID) {
    const id = pattern.exec(path)?.[1];
    // Ids are uuids: anything else (`cancel-booking`, a garbled escape) names no business's page.
    if (id) return context.pages.ownerOf(kind, id);
  }
  return (await context.business())?.id ?? null;
}
