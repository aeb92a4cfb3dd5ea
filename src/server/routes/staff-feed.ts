/**
 * A staff member's private ICS feed of their bookings (calendar sync, issue 20):
 * `GET /feeds/staff/<token>.ics`, the token made and rotated through the business API and kept only
 * as its SHA-256. Calendar apps poll it; an unknown or rotated token is 404.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { hashToken } from "../../app/console/accounts.ts";
import { bookingEventsIcs, staffBookingEvents } from "../../adapters/calendar-sync/booking-events.ts";
import { feedOwner } from "../../adapters/calendar-sync/connection-store.ts";
import type { Db } from "../../adapters/db/client.ts";

const TOKEN_FILE = /^([A-Za-z0-9_-]{20,100})\.ics$/;

export function staffFeed(app: OpenAPIHono, deps: { db: Db; clock: () => Date }) {
  app.get("/feeds/staff/:file", async (c) => {
    const token = TOKEN_FILE.exec(c.req.param("file"))?.[1];
    const owner = token ? await feedOwner(deps.db, hashToken(token)) : null;
    c.header("Cache-Control", "private, no-store");
    c.header("Referrer-Policy", "no-referrer");
    if (!owner) return c.text("Not found", 404);
    const now = deps.clock();
    const events = await staffBookingEvents(deps.db, owner.businessId, owner.staffId, now);
    c.header("Content-Type", "text/calendar; charset=utf-8");
    return c.body(bookingEventsIcs(events, { now, name: owner.name }));
  });
}
