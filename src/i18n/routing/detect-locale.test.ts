import { describe, expect, it } from "vitest";
import { detectLocale } from "./detect-locale.ts";
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
    host?: string;
    initialLocale?: string;
  },
  expected: { locale: string; from?: string },
];

const domains = {
  differentDomains: true,
  locales: [
    { code: "en", language: "en-US", domain: "example.com" },
    { code: "fr", language: "fr-FR", domain: "example.fr" },
  ],
};

describe("detectLocale (C.6)", () => {
  it.each<Case>([
    ["detection wins on /", {}, { path: "/", browserLanguages: "fr" }, { locale: "fr", from: "navigator_or_header" }],
    ["the route decides elsewhere", {}, { path: "/de/about", browserLanguages: "fr" }, { locale: "de" }],
    ["an unprefixed route is the default locale", {}, { path: "/about", cookieLocale: "fr" }, { locale: "en" }],
    [
      "fallbackLocale counts as detection",
      { detectBrowserLanguage: { fallbackLocale: "de" } },
      { path: "/", browserLanguages: "ja" },
      { locale: "de", from: "fallback" },
    ],
    ["no match, no fallback: the route", {}, { path: "/", browserLanguages: "ja" }, { locale: "en" }],
    ["not first access: the route", {}, { path: "/", isFirstAccess: false, cookieLocale: "fr" }, { locale: "en" }],
    [
      "prefix: / has no route locale → cookie",
      { strategy: "prefix", detectBrowserLanguage: { redirectOn: "no prefix" } },
      { path: "/", isFirstAccess: false, cookieLocale: "fr" },
      { locale: "fr" },
    ],
    [
      "prefix: / with nothing → initial locale",
      { strategy: "prefix" },
      { path: "/", isFirstAccess: false, initialLocale: "de" },
      { locale: "de" },
    ],
    [
      "prefix: / with nothing and no initial → default",
      { strategy: "prefix" },
      { path: "/", isFirstAccess: false },
      { locale: "en" },
    ],
    [
      "detection disabled: cookie not read (C.12.9)",
      { strategy: "prefix", detectBrowserLanguage: false },
      { path: "/", cookieLocale: "fr" },
      { locale: "en" },
    ],
    [
      "no_prefix: cookie on first access",
      { strategy: "no_prefix" },
      { path: "/about", cookieLocale: "fr", browserLanguages: "de" },
      { locale: "fr", from: "cookie" },
    ],
    [
      "no_prefix: later → cookie",
      { strategy: "no_prefix" },
      { path: "/about", isFirstAccess: false, cookieLocale: "fr" },
      { locale: "fr" },
    ],
    ["differentDomains: the host decides", domains, { path: "/about", host: "example.fr" }, { locale: "fr" }],
    ["differentDomains: unknown host → default", domains, { path: "/about", host: "other.org" }, { locale: "en" }],
  ])("%s", (_name, overrides, input, expected) => {
    expect(detectLocale({ isFirstAccess: true, ...input, options: routing(overrides) })).toEqual(expected);
  });
});
