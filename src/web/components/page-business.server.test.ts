import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { pageBusinessId } from "./page-business.server.ts";

const ID = "00000000-0000-4000-8000-000000000201";
/** A context whose every id belongs to "owner-of-<kind>", and whose host is "host". */
const context = {
  business: async () => ({ id: "host" }),
  pages: { ownerOf: async (kind: string, id: string) => (id === ID ? `owner-of-${kind}` : null) },
} as unknown as AppLoadContext;

describe("the business a page belongs to (ADR 0049)", () => {
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
    ["/widget/bookings/intro", "host"],
    ["/journal/b/five-minute-breathing", "host"],
    ["/", "host"],
  ])("%s is %s's", async (path, owner) => {
    expect(await pageBusinessId(context, path)).toBe(owner);
  });
});
