import { describe, expect, it } from "vitest";
import {
  findSharedDomain,
  getDomainFromLocale,
  getLocaleDomain,
  hostFromHeaders,
  MULTIPLE_DOMAINS_WARNING,
  requestOrigin,
} from "./domain.ts";
import type { RoutingLocale } from "./options.ts";
import { captureWarnings } from "./test-locales.test-helper.ts";

const locales: RoutingLocale[] = [
  { code: "en", domain: "example.com" },
  { code: "fr", domain: "https://example.fr" },
  { code: "de", domain: "shared.eu", domainDefault: true },
  { code: "nl", domain: "shared.eu" },
  { code: "pl", domains: ["example.pl", "pl.example.com"] },
  { code: "da" },
];

describe("hostFromHeaders (C.9)", () => {
  it.each([
    ["proxy.example", "internal:3000", "proxy.example"],
    [null, "internal:3000", "internal:3000"],
    ["a.com, b.com", "x", "a.com"],
    [undefined, undefined, ""],
  ])("x-forwarded-host %j, host %j → %j", (forwarded, host, expected) => {
    expect(hostFromHeaders(forwarded, host)).toBe(expected);
  });
});

describe("requestOrigin", () => {
  it.each([
    [{}, "http://internal:3000"],
    [{ "x-forwarded-host": "book.example.com", "x-forwarded-proto": "https" }, "https://book.example.com"],
    [{ "x-forwarded-proto": "https, http" }, "https://internal:3000"],
    [{ "x-forwarded-proto": "javascript" }, "http://internal:3000"],
  ])("%j → %s", (headers, expected) => {
    expect(requestOrigin(new URL("http://internal:3000/fr?x=1"), new Headers(headers))).toBe(expected);
  });
});

describe("getLocaleDomain (C.9)", () => {
  it.each([
    ["example.com", "/", "prefix_except_default", "en"],
    ["example.fr", "/", "prefix_except_default", "fr"], // protocol stripped
    ["pl.example.com", "/", "prefix_except_default", "pl"], // domains[]
    ["shared.eu", "/nl/about", "prefix_except_default", "nl"], // several matches: the path prefix decides
    ["shared.eu", "/about", "prefix_except_default", "de"], // else domainDefault
    ["unknown.org", "/", "prefix_except_default", ""],
    ["", "/", "prefix_except_default", ""],
  ] as const)("%s %s (%s) → %j", (host, path, strategy, expected) => {
    const { messages, warn } = captureWarnings();
    expect(getLocaleDomain({ locales, strategy, host, path, warn })).toBe(expected);
    expect(messages).toEqual([]);
  });

  it("no_prefix with several matching domains: warns and takes the first", () => {
    const { messages, warn } = captureWarnings();
    expect(getLocaleDomain({ locales, strategy: "no_prefix", host: "shared.eu", path: "/nl", warn })).toBe("de");
    expect(messages).toEqual([MULTIPLE_DOMAINS_WARNING]);
    expect(MULTIPLE_DOMAINS_WARNING).toBe(
      "@nuxtjs/i18n Multiple matching domains found! This is not supported for no_prefix strategy in combination with differentDomains!",
    );
  });

  it("defaultForDomains decides among several matches", () => {
    const multi: RoutingLocale[] = [
      { code: "en", domains: ["a.com", "b.com"], defaultForDomains: ["a.com"] },
      { code: "fr", domains: ["a.com", "b.com"], defaultForDomains: ["b.com"] },
    ];
    expect(getLocaleDomain({ locales: multi, strategy: "prefix_except_default", host: "b.com", path: "/" })).toBe("fr");
    expect(getLocaleDomain({ locales: multi, strategy: "prefix_except_default", host: "a.com", path: "/fr/x" })).toBe(
      "fr",
    );
  });
});

describe("getDomainFromLocale (C.9)", () => {
  it.each([
    ["en", "https:", "https://example.com"],
    ["en", "http:", "http://example.com"],
    ["fr", "http:", "https://example.fr"],
  ])("%s over %s → %s", (code, protocol, expected) => {
    expect(getDomainFromLocale({ locales, code, protocol })).toBe(expected);
  });

  it("uses a domains[] entry equal to the current host", () => {
    expect(getDomainFromLocale({ locales, code: "pl", host: "pl.example.com", protocol: "https:" })).toBe(
      "https://pl.example.com",
    );
  });

  it("warns with the module's text when a locale has no domain", () => {
    const { messages, warn } = captureWarnings();
    expect(getDomainFromLocale({ locales, code: "da", warn })).toBeUndefined();
    expect(getDomainFromLocale({ locales, code: "pl", host: "other.com", warn })).toBeUndefined();
    expect(messages).toEqual([
      "@nuxtjs/i18n Could not find domain name for locale da",
      "@nuxtjs/i18n Could not find domain name for locale pl",
    ]);
  });
});

describe("findSharedDomain", () => {
  it("finds the first domain used twice", () => {
    expect(findSharedDomain(locales)).toBe("shared.eu");
    expect(findSharedDomain(locales.slice(0, 3))).toBeUndefined();
  });
});
