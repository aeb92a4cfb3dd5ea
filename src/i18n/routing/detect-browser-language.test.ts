import { describe, expect, it } from "vitest";
import { detectBrowserLanguage } from "./detect-browser-language.ts";
import type { LocaleRoutingInput } from "./options.ts";
import { routing } from "./test-locales.test-helper.ts";

type Case = [
  name: string,
  overrides: Partial<LocaleRoutingInput>,
  input: {
    path: string;
    isFirstAccess?: boolean;
    cookieLocale?: string;
    browserLanguages?: string;
    currentLocale?: string;
  },
  expected: { locale: string; from?: string; reason?: string },
];

describe("detectBrowserLanguage (C.5)", () => {
  it.each<Case>([
    [
      "disabled",
      { detectBrowserLanguage: false },
      { path: "/", browserLanguages: "fr" },
      { locale: "", reason: "disabled" },
    ],
    [
      "not first access (prefix strategy)",
      {},
      { path: "/", isFirstAccess: false, browserLanguages: "fr" },
      { locale: "", reason: "first_access_only" },
    ],
    [
      "not first access (no_prefix keeps the current locale)",
      { strategy: "no_prefix" },
      { path: "/", isFirstAccess: false, currentLocale: "de", browserLanguages: "fr" },
      { locale: "de", reason: "first_access_only" },
    ],
    [
      "root only: other paths skipped",
      {},
      { path: "/about", browserLanguages: "fr" },
      { locale: "", reason: "not_redirect_on_root" },
    ],
    [
      "root only: / detects from the browser",
      {},
      { path: "/", browserLanguages: "fr-FR" },
      { locale: "fr", from: "navigator_or_header" },
    ],
    [
      "cookie beats browser",
      {},
      { path: "/", cookieLocale: "de", browserLanguages: "fr" },
      { locale: "de", from: "cookie" },
    ],
    [
      "useCookie false ignores the cookie",
      { detectBrowserLanguage: { useCookie: false } },
      { path: "/", cookieLocale: "de", browserLanguages: "fr" },
      { locale: "fr", from: "navigator_or_header" },
    ],
    [
      "fallbackLocale when nothing matches",
      { detectBrowserLanguage: { fallbackLocale: "en" } },
      { path: "/", browserLanguages: "ja" },
      { locale: "en", from: "fallback" },
    ],
    ["nothing at all", {}, { path: "/", browserLanguages: "ja" }, { locale: "", from: "navigator_or_header" }],
    ["no header", {}, { path: "/" }, { locale: "", from: "navigator_or_header" }],
    [
      "no prefix: unprefixed path detects",
      { detectBrowserLanguage: { redirectOn: "no prefix" } },
      { path: "/about", browserLanguages: "fr" },
      { locale: "fr", from: "navigator_or_header" },
    ],
    [
      "no prefix: prefixed path skipped",
      { detectBrowserLanguage: { redirectOn: "no prefix" } },
      { path: "/de/about", browserLanguages: "fr" },
      { locale: "", reason: "not_redirect_on_no_prefix" },
    ],
    [
      "no prefix: /en counts as prefixed",
      { detectBrowserLanguage: { redirectOn: "no prefix" } },
      { path: "/en", browserLanguages: "fr" },
      { locale: "", reason: "not_redirect_on_no_prefix" },
    ],
    [
      "no prefix + alwaysRedirect: prefixed path detects",
      { detectBrowserLanguage: { redirectOn: "no prefix", alwaysRedirect: true } },
      { path: "/fr/about", cookieLocale: "en" },
      { locale: "en", from: "cookie" },
    ],
    [
      "all: any path",
      { detectBrowserLanguage: { redirectOn: "all" } },
      { path: "/de/x", browserLanguages: "fr" },
      { locale: "fr", from: "navigator_or_header" },
    ],
    [
      "no_prefix: any path, redirectOn irrelevant",
      { strategy: "no_prefix" },
      { path: "/about", browserLanguages: "fr" },
      { locale: "fr", from: "navigator_or_header" },
    ],
    [
      "root: the path excludes the query (C.12.4)",
      {},
      { path: "/", browserLanguages: "nl" },
      { locale: "nl", from: "navigator_or_header" },
    ],
  ])("%s", (_name, overrides, input, expected) => {
    expect(detectBrowserLanguage({ isFirstAccess: true, ...input, options: routing(overrides) })).toEqual(expected);
  });
});
