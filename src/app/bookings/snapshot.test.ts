import { describe, expect, it } from "vitest";
import { consoleBookingUrl } from "./snapshot.ts";

describe("consoleBookingUrl: the staff e-mail's link to the booking", () => {
  it("opens the console's week of the booking's day in the business's zone, searched for the client", () => {
    // 23:30 UTC on 1 December is already 2 December in Berlin.
    const url = new URL(
      consoleBookingUrl(
        "https://book.example.com",
        "Europe/Berlin",
        Date.UTC(2026, 11, 1, 23, 30),
        "jana@visitor.example",
      ),
    );
    expect(url.origin + url.pathname).toBe("https://book.example.com/console");
    expect(url.searchParams.get("view")).toBe("week");
    expect(url.searchParams.get("start")).toBe("2026-12-02");
    expect(url.searchParams.get("q")).toBe("jana@visitor.example");
  });

  it("is a page for people, never the business API (a browser gets a JSON error there)", () => {
    const url = consoleBookingUrl("https://book.example.com", "UTC", Date.UTC(2026, 5, 15, 9), "a@b.example");
    expect(url).not.toContain("/api/");
  });
});
