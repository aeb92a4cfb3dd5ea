/**
 * A staff member's private ICS feed of their bookings (calendar sync, issue 20):
 * `GET /feeds/staff/<token>.ics`, the token made and rotated through the business API and kept only
 * as its SHA-256. Calendar apps poll it; an unknown or rotated token is 404.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { bookingEventsIcs, staffBookingEvents } from "../../adapters/calendar-sync/booking-events.ts";
import { feedOwner } from "../../adapters/calendar-sync/connection-store.ts";
import type { Db } from "../../adapters/db/client.ts";
import { hashSecretToken } from "../../app/shared/secret-token.ts";

const STAFF_FEED = /^\/feeds\/staff\/([A-Za-z0-9_-]{20,100})\.ics$/;

export function staffFeed(app: OpenAPIHono, deps: { db: Db; clock: () => Date }) {
  // Matched here rather than as a `/feeds/staff/:file` route: beside the blogs' `/feeds/:path/…`
  // it would move the whole app off the RegExpRouter (tests/integration/router.test.ts).
  app.use("*", async (c, next) => {
    const token = c.req.method === "GET" ? STAFF_FEED.exec(c.req.path)?.[1] : undefined;
    if (!token && !(c.req.method === "GET" && c.req.path.startsWith("/feeds/staff/"))) return next();
    const owner = token ? await feedOwner(deps.db, hashSecretToken(token)) : null;
    c.header("Cache-Control", "private, no-store");
    c.header("Referrer-Policy", "no-referrer");
    if (!owner) return c.text("Not found", 404);
    const now = deps.clock();
    const events = await staffBookingEvents(deps.db, owner.businessId, owner.staffId, now);
    c.header("Content-Type", "text/calendar; charset=utf-8");
    return c.body(bookingEventsIcs(events, { now, name: owner.name }));
  });
}
