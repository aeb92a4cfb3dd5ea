import { describe, expect, it } from "vitest";
import { bookingSnapshot } from "../../../tests/support/booking-snapshot.ts";
import { createLinkSealer } from "./link-sealing.ts";

describe("link sealing", () => {
  const message = {
    kind: "booking_confirmed" as const,
    booking: {
      ...bookingSnapshot(),
      manageUrl: "https://x.test/m?token=SECRET1",
      cancelUrl: "https://x.test/c?token=SECRET1",
      rescheduleUrl: null,
    },
  };

  it("stores no token in the clear and opens back to the same links", () => {
    const sealer = createLinkSealer("a long random server secret");
    const sealed = sealer.seal(message);
    expect(JSON.stringify(sealed)).not.toContain("SECRET1");
    expect(sealed.booking.manageUrl).toMatch(/^sealed:v1:/);
    expect(sealed.booking.rescheduleUrl).toBeNull();
    expect(sealer.open(sealed)).toEqual(message);
  });

  it("refuses a sealed link under another secret, and passes unsealed links through", () => {
    const sealed = createLinkSealer("one").seal(message);
    expect(() => createLinkSealer("two").open(sealed)).toThrow();
    expect(createLinkSealer("two").open(message)).toEqual(message);
  });
});
