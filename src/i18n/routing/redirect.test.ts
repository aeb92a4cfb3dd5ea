import { describe, expect, it } from "vitest";
import type { LocaleRoutingInput } from "./options.ts";
import { decideRedirect, isSameUrl } from "./redirect.ts";
import { routing } from "./test-locales.test-helper.ts";

type Case = [
  name: string,
  overrides: Partial<LocaleRoutingInput>,
  fullPath: string,
  target: string,
  from: string | undefined,
  expected: unknown,
];

describe("decideRedirect (C.8)", () => {
  it.each<Case>([
    ["/ → /fr", {}, "/", "fr", undefined, { location: "/fr", status: 302 }],
    ["query kept", {}, "/?utm=x", "fr", undefined, { location: "/fr?utm=x", status: 302 }],
    ["already in the locale", {}, "/fr/about", "fr", undefined, undefined],
    ["default locale on an unprefixed page", {}, "/about", "en", undefined, undefined],
    ["prefixed → default", {}, "/fr/about", "en", undefined, { location: "/about", status: 302 }],
    ["loop guard: the previous route (C.12.5)", {}, "/fr/about", "en", "/about", undefined],
    ["no target", {}, "/fr", "", undefined, undefined],
    ["protocol-relative target refused", {}, "/fr//evil.example/x", "en", undefined, undefined],
    ["prefix: / → /en", { strategy: "prefix" }, "/", "en", undefined, { location: "/en", status: 302 }],
    [
      "prefix: unprefixed (404) page → prefixed",
      { strategy: "prefix" },
      "/about",
      "en",
      undefined,
      { location: "/en/about", status: 302 },
    ],
    ["prefix_and_default: / is en", { strategy: "prefix_and_default" }, "/", "en", undefined, undefined],
    ["prefix_and_default: /en is en", { strategy: "prefix_and_default" }, "/en", "en", undefined, undefined],
    [
      "prefix_and_default: to en is unprefixed",
      { strategy: "prefix_and_default" },
      "/fr/a",
      "en",
      undefined,
      { location: "/a", status: 302 },
    ],
    ["no_prefix never redirects", { strategy: "no_prefix" }, "/about", "fr", undefined, undefined],
    ["differentDomains never redirects", { differentDomains: true }, "/about", "fr", undefined, undefined],
    [
      "rootRedirect string → 302",
      { rootRedirect: "welcome" },
      "/",
      "en",
      undefined,
      { location: "/welcome", status: 302 },
    ],
    [
      "rootRedirect in the locale",
      { rootRedirect: "welcome" },
      "/?a=1",
      "fr",
      undefined,
      { location: "/fr/welcome", status: 302 },
    ],
    [
      "rootRedirect object",
      { rootRedirect: { path: "/welcome", statusCode: 301 } },
      "/",
      "de",
      undefined,
      { location: "/de/welcome", status: 301 },
    ],
    ["rootRedirect only on /", { rootRedirect: "welcome" }, "/about", "en", undefined, undefined],
    ["rootRedirect to / itself does not loop", { rootRedirect: "/" }, "/", "en", undefined, undefined],
  ])("%s", (_name, overrides, fullPath, targetLocale, fromFullPath, expected) => {
    expect(decideRedirect({ fullPath, targetLocale, fromFullPath, options: routing(overrides) })).toEqual(expected);
  });
});

describe("isSameUrl", () => {
  it.each([
    ["/fr", "/fr/", true],
    ["/fr", "fr", true],
    ["/caf%C3%A9", "/café", true],
    ["/fr?a=1", "/fr?a=2", false],
    ["/fr", "/FR", false],
  ])("%s vs %s → %s", (a, b, expected) => {
    expect(isSameUrl(a, b)).toBe(expected);
  });
});
