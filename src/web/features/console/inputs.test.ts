import { describe, expect, it } from "vitest";
import { instantOfLocalInput, localInputOf } from "./zoned-input.ts";
import { slugOf, SLUG } from "./slug.ts";

describe("a datetime-local value in the business's zone", () => {
  it.each([
    ["2026-12-01T10:00", "Europe/Berlin", "2026-12-01T09:00:00.000Z"],
    ["2026-07-01T10:00", "Europe/Berlin", "2026-07-01T08:00:00.000Z"],
    ["2026-03-08T12:30", "America/New_York", "2026-03-08T16:30:00.000Z"],
    ["2026-12-01T00:00", "UTC", "2026-12-01T00:00:00.000Z"],
  ])("%s in %s is %s, and back", (value, zone, instant) => {
    expect(instantOfLocalInput(value, zone)).toBe(instant);
    expect(localInputOf(instant, zone)).toBe(value);
  });

  it.each(["", "2026-02-30T10:00", "2026-12-01T24:00", "2026-12-01 10:00", "tomorrow"])("refuses %j", (value) => {
    expect(instantOfLocalInput(value, "Europe/Berlin")).toBeNull();
  });
});

describe("a slug from a title", () => {
  it.each([
    ["Färben & Föhnen", "farben-fohnen"],
    ["  Spring opening hours!  ", "spring-opening-hours"],
    ["x".repeat(100), "x".repeat(80)],
  ])("%j → %j, which the API takes", (title, slug) => {
    expect(slugOf(title)).toBe(slug);
    expect(SLUG.test(slugOf(title))).toBe(true);
  });
});
