import { describe, expect, it } from "vitest";
import { getRouteBaseName, localeFromRouteId, localizedRouteId } from "./route-name.ts";
import { routing } from "./test-locales.test-helper.ts";

describe("localizedRouteId (C.2 getLocaleRouteName)", () => {
  it.each([
    ["index", "en", "prefix_except_default", "index___en"],
    ["index", "fr", "prefix_except_default", "index___fr"],
    ["about", "fr", "prefix", "about___fr"],
    ["index", "en", "prefix_and_default", "index___en___default"],
    ["index", "fr", "prefix_and_default", "index___fr"],
    ["index", "fr", "no_prefix", "index"],
  ] as const)("%s in %s with %s → %s", (id, code, strategy, expected) => {
    expect(localizedRouteId(id, code, strategy, "en")).toBe(expected);
  });

  it("localizes no_prefix names with differentDomains, and honours custom separators", () => {
    expect(localizedRouteId("index", "fr", "no_prefix", "en", { differentDomains: true })).toBe("index___fr");
    expect(localizedRouteId("a", "en", "prefix_and_default", "en", { separator: "--", defaultSuffix: "d" })).toBe(
      "a--en--d",
    );
  });
});

describe("getRouteBaseName", () => {
  it.each([
    ["index___en", "index"],
    ["about___en___default", "about"],
    ["widget-booking-id___pt-br", "widget-booking-id"],
    ["index", "index"],
  ])("%s → %s", (id, expected) => {
    expect(getRouteBaseName(id)).toBe(expected);
  });
});

describe("localeFromRouteId", () => {
  const options = routing();
  it.each([
    ["index___fr", "fr"],
    ["index___en___default", "en"],
    ["x___PT-BR", "pt-br"],
    ["x___pt", "pt"],
    ["index", ""],
    ["x___xx", ""],
  ])("%s → %j", (id, expected) => {
    expect(localeFromRouteId(id, options)).toBe(expected);
  });
});
