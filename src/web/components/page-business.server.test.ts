import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { pageBusinessId } from "./page-business.server.ts";

const ID = "00000000-0000-4000-8000-000000000201";
/** A context whose every id belongs to "owner-of-<kind>", and whose host is "host". */
const context = {
  business: async () => ({ id: "host" }),
  pages: {
    ownerOf: async (kind: string, id: string) => (id === ID ? `owner-of-${kind}` : null),
    ownerOfOneTimeLink: async (slug: string) => (slug === "sent-link" ? "owner-of-link" : null),
    ownerOfBooking: async (id: string, token: string) => (id === ID && token === "right" ? "owner-of-booking" : null),
  },
} as unknown as AppLoadContext;

describe("the business a page belongs to (ADR 0049, 0053)", () => {
  it.each([
    [`/widget/booking/${ID}`, "owner-of-calendar"],
    [`/de/widget/booking/${ID},${ID}`, "owner-of-calendar"],
    [`/pt-br/widget/group/${ID}`, "owner-of-group"],
    [`/widget/service-menu/${ID}`, "owner-of-serviceMenu"],
    [`/widget/survey/${ID}`, "owner-of-form"],
    // An id of no business: no branding at all, never the host's.
    ["/widget/booking/not-a-calendar", null],
    // Slugs and paths are the host's business's.
    ["/widget/booking/cancel-booking", "host"],
    // A link's secret names its business once checked (ADR 0053); a wrong one names none or the host.
    ["/widget/otl/sent-link", "owner-of-link"],
    ["/de/widget/otl?slug=sent-link", "owner-of-link"],
    ["/widget/otl/guessed", null],
    [`/widget/cancel-booking?id=${ID}&token=right`, "owner-of-booking"],
    [`/fr/widget/booking/cancel-booking?booking=${ID}&token=right`, "owner-of-booking"],
    [`/widget/cancel-booking?id=${ID}&token=wrong`, "host"],
    ["/widget/bookings/intro", "host"],
    ["/journal/b/five-minute-breathing", "host"],
    ["/", "host"],
  ])("%s is %s's", async (path, owner) => {
    expect(await pageBusinessId(context, new URL(path, "https://book.example.com"))).toBe(owner);
  });
});
