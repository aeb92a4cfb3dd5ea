import { describe, expect, it } from "vitest";
import { localePath, routeLocaleFromPath, stripLocalePrefix, switchLocalePath } from "./locale-prefix.ts";
import type { Strategy } from "./options.ts";
import { captureWarnings, routing } from "./test-locales.test-helper.ts";

const by = (strategy: Strategy) => routing({ strategy });

describe("localePath (C.2)", () => {
  it.each([
    ["prefix_except_default", "/about", "fr", "/fr/about"],
    ["prefix_except_default", "/about", "en", "/about"],
    ["prefix_except_default", "/", "fr", "/fr"], // no trailing slash by default
    ["prefix_except_default", "/", "en", "/"],
    ["prefix_except_default", "/about/", "en", "/about"],
    ["prefix_except_default", "/a?x=1#h", "de", "/de/a?x=1#h"],
    ["prefix_except_default", "about", "de", "/de/about"],
    ["prefix", "/", "en", "/en"],
    ["prefix", "/about", "en", "/en/about"],
    ["prefix_and_default", "/about", "en", "/about"], // the ___default copy: unprefixed (C.12.7)
    ["prefix_and_default", "/about", "fr", "/fr/about"],
    ["no_prefix", "/about", "fr", "/about"],
  ] as const)("%s: localePath(%j, %j) → %j", (strategy, path, code, expected) => {
    expect(localePath(path, code, by(strategy))).toBe(expected);
  });

  it("adds a trailing slash when trailingSlash is set", () => {
    const options = routing({ trailingSlash: true });
    expect(localePath("/", "fr", options)).toBe("/fr/");
    expect(localePath("/about", "fr", options)).toBe("/fr/about/");
    expect(localePath("/", "en", options)).toBe("/");
  });
});

describe("routeLocaleFromPath: the locale of the route serving a path", () => {
  it.each([
    ["prefix_except_default", "/", "en"],
    ["prefix_except_default", "/about", "en"],
    ["prefix_except_default", "/fr", "fr"],
    ["prefix_except_default", "/fr/about", "fr"],
    ["prefix_except_default", "/FR/about", "fr"],
    ["prefix_except_default", "/en/about", "en"], // no /en routes: served unprefixed (a 404 page) in en
    ["prefix_except_default", "/pt-br/x", "pt-br"],
    ["prefix", "/", ""], // the kept unlocalized index
    ["prefix", "/about", ""], // no such route
    ["prefix", "/en/about", "en"],
    ["prefix_and_default", "/", "en"],
    ["prefix_and_default", "/en", "en"],
    ["prefix_and_default", "/fr/a", "fr"],
    ["no_prefix", "/fr/a", ""],
  ] as const)("%s: %s → %j", (strategy, path, expected) => {
    expect(routeLocaleFromPath(path, by(strategy))).toBe(expected);
  });
});

describe("stripLocalePrefix", () => {
  it.each([
    ["prefix_except_default", "/fr/about", "/about"],
    ["prefix_except_default", "/fr", "/"],
    ["prefix_except_default", "/fr/", "/"],
    ["prefix_except_default", "/fr?x=1", "/?x=1"],
    ["prefix_except_default", "/about", "/about"],
    ["prefix_except_default", "/en/about", "/en/about"],
    ["prefix_except_default", "/french", "/french"],
    ["prefix_and_default", "/en/about", "/about"],
    ["prefix_and_default", "/about", "/about"],
    ["prefix", "/en", "/"],
    ["no_prefix", "/fr/x", "/fr/x"],
  ] as const)("%s: %s → %s", (strategy, path, expected) => {
    expect(stripLocalePrefix(path, by(strategy))).toBe(expected);
  });
});

describe("switchLocalePath", () => {
  it.each([
    ["prefix_except_default", "/fr/about?x=1", "en", "/about?x=1"],
    ["prefix_except_default", "/about", "de", "/de/about"],
    ["prefix_except_default", "/de/widget/booking/1,2", "pt-br", "/pt-br/widget/booking/1,2"],
    ["prefix_except_default", "/fr", "en", "/"],
    ["prefix_except_default", "/", "fr", "/fr"],
    ["prefix_except_default", "/about", "xx", ""], // unknown locale
    ["prefix", "/", "fr", "/fr"],
    ["prefix", "/en/a", "fr", "/fr/a"],
    ["prefix_and_default", "/fr/a", "en", "/a"],
    ["prefix_and_default", "/en/a", "en", "/a"],
    ["no_prefix", "/a", "fr", "/a"],
  ] as const)("%s: switchLocalePath(%j, %j) → %j", (strategy, path, code, expected) => {
    expect(switchLocalePath(path, code, by(strategy))).toBe(expected);
  });

  it("is absolute on the locale's domain with differentDomains (C.9)", () => {
    const { messages, warn } = captureWarnings();
    const options = routing({
      differentDomains: true,
      locales: [
        { code: "en", language: "en-US", domain: "example.com" },
        { code: "fr", language: "fr-FR", domain: "https://example.fr" },
        { code: "de", language: "de-DE" },
      ],
    });
    expect(switchLocalePath("/about?x=1", "en", options, { protocol: "https:", warn })).toBe(
      "https://example.com/about?x=1",
    );
    expect(switchLocalePath("/about", "fr", options, { protocol: "http:", warn })).toBe("https://example.fr/about");
    expect(messages).toEqual([]);
    expect(switchLocalePath("/about", "de", options, { warn })).toBe("/about");
    expect(messages).toEqual(["@nuxtjs/i18n Could not find domain name for locale de"]);
  });
});
