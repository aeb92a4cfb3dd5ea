import { describe, expect, it } from "vitest";
import { localeHead, MISSING_LANGUAGE_WARNING } from "./locale-head.ts";
import { captureWarnings, routing } from "./test-locales.test-helper.ts";

const base = "https://book.example.com";

describe("localeHead (C.11)", () => {
  it("gives <html lang>, hreflang alternates with language-only aliases and x-default", () => {
    const head = localeHead({ options: routing(), locale: "fr", fullPath: "/fr/widget/booking/7", baseUrl: base });
    expect(head.htmlLang).toBe("fr-FR");
    expect(head.dir).toBe("ltr");
    const alternates = head.links.filter((l) => l.rel === "alternate").map((l) => [l.id, l.hreflang, l.href]);
    expect(alternates).toEqual([
      ["i18n-alt-da", "da", `${base}/da/widget/booking/7`],
      ["i18n-alt-da-DK", "da-DK", `${base}/da/widget/booking/7`],
      ["i18n-alt-de", "de", `${base}/de/widget/booking/7`],
      ["i18n-alt-de-DE", "de-DE", `${base}/de/widget/booking/7`],
      ["i18n-alt-en", "en", `${base}/widget/booking/7`],
      ["i18n-alt-en-US", "en-US", `${base}/widget/booking/7`],
      ["i18n-alt-es", "es", `${base}/es/widget/booking/7`],
      ["i18n-alt-es-ES", "es-ES", `${base}/es/widget/booking/7`],
      ["i18n-alt-fr", "fr", `${base}/fr/widget/booking/7`],
      ["i18n-alt-fr-FR", "fr-FR", `${base}/fr/widget/booking/7`],
      ["i18n-alt-hu", "hu", `${base}/hu/widget/booking/7`],
      ["i18n-alt-hu-HU", "hu-HU", `${base}/hu/widget/booking/7`],
      ["i18n-alt-it", "it", `${base}/it/widget/booking/7`],
      ["i18n-alt-it-IT", "it-IT", `${base}/it/widget/booking/7`],
      ["i18n-alt-nl", "nl", `${base}/nl/widget/booking/7`],
      ["i18n-alt-nl-NL", "nl-NL", `${base}/nl/widget/booking/7`],
      ["i18n-alt-pl", "pl", `${base}/pl/widget/booking/7`],
      ["i18n-alt-pl-PL", "pl-PL", `${base}/pl/widget/booking/7`],
      // The alias goes to the first locale of the language: pt-br precedes pt in our list.
      ["i18n-alt-pt", "pt", `${base}/pt-br/widget/booking/7`],
      ["i18n-alt-pt-BR", "pt-BR", `${base}/pt-br/widget/booking/7`],
      ["i18n-alt-pt-PT", "pt-PT", `${base}/pt/widget/booking/7`],
      ["i18n-xd", "x-default", `${base}/widget/booking/7`],
    ]);
    expect(head.links.find((l) => l.rel === "canonical")).toEqual({
      id: "i18n-can",
      rel: "canonical",
      href: `${base}/fr/widget/booking/7`,
    });
    expect(head.meta.slice(0, 3)).toEqual([
      { id: "i18n-og-url", property: "og:url", content: `${base}/fr/widget/booking/7` },
      { id: "i18n-og", property: "og:locale", content: "fr_FR" },
      { id: "i18n-og-alt-da-DK", property: "og:locale:alternate", content: "da_DK" },
    ]);
    expect(head.meta.filter((m) => m.property === "og:locale:alternate")).toHaveLength(10);
  });

  it("isCatchallLocale takes the language-only alias", () => {
    const options = routing({
      locales: [
        { code: "pt-br", language: "pt-BR" },
        { code: "pt", language: "pt-PT", isCatchallLocale: true },
      ],
      defaultLocale: "pt",
    });
    const head = localeHead({ options, locale: "pt", fullPath: "/" });
    expect(head.links.filter((l) => l.rel === "alternate").map((l) => [l.hreflang, l.href])).toEqual([
      ["pt", "/"],
      ["pt-BR", "/pt-br"],
      ["pt-PT", "/"],
      ["x-default", "/"],
    ]);
  });

  it("keeps the query in alternates, and only canonicalQueries in the canonical URL", () => {
    const head = localeHead({
      options: routing(),
      locale: "en",
      fullPath: "/c/news?page=2&utm=x",
      baseUrl: base,
      canonicalQueries: ["page"],
    });
    expect(head.links.find((l) => l.hreflang === "de")?.href).toBe(`${base}/de/c/news?page=2&utm=x`);
    expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(`${base}/c/news?page=2`);
  });

  it("uses root-relative URLs when there is no base URL", () => {
    const head = localeHead({ options: routing(), locale: "en", fullPath: "/" });
    expect(head.links.find((l) => l.hreflang === "x-default")?.href).toBe("/");
    expect(head.links.find((l) => l.hreflang === "nl")?.href).toBe("/nl");
  });

  it("no_prefix: no hreflang links", () => {
    const head = localeHead({
      options: routing({ strategy: "no_prefix" }),
      locale: "de",
      fullPath: "/about",
      baseUrl: base,
    });
    expect(head.htmlLang).toBe("de-DE");
    expect(head.links.filter((l) => l.rel === "alternate")).toEqual([]);
    expect(head.links.map((l) => l.rel)).toEqual(["canonical"]);
  });

  it("warns for, and skips, a locale without `language`", () => {
    const { messages, warn } = captureWarnings();
    const options = routing({ locales: [{ code: "en", language: "en-US" }, { code: "xx" }] });
    const head = localeHead({ options, locale: "xx", fullPath: "/xx/a", warn });
    expect(messages).toEqual([MISSING_LANGUAGE_WARNING]);
    expect(MISSING_LANGUAGE_WARNING).toBe("Locale `language` ISO code is required to generate alternate link");
    expect(head.htmlLang).toBeUndefined();
    expect(head.links.map((l) => l.hreflang ?? l.rel)).toEqual(["en", "en-US", "x-default", "canonical"]);
    expect(head.meta.map((m) => m.property)).toEqual(["og:url", "og:locale:alternate"]);
  });

  it("differentDomains: absolute URLs per locale domain, with the module's warning for a missing one", () => {
    const { messages, warn } = captureWarnings();
    const options = routing({
      differentDomains: true,
      locales: [
        { code: "en", language: "en-US", domain: "example.com" },
        { code: "fr", language: "fr-FR", domain: "example.fr" },
        { code: "de", language: "de-DE" },
      ],
    });
    const head = localeHead({ options, locale: "fr", fullPath: "/about", protocol: "https:", warn });
    expect(head.links.find((l) => l.hreflang === "en-US")?.href).toBe("https://example.com/about");
    expect(head.links.find((l) => l.hreflang === "fr")?.href).toBe("https://example.fr/about");
    expect(head.links.find((l) => l.hreflang === "de")?.href).toBe("/about");
    expect(messages).toContain("@nuxtjs/i18n Could not find domain name for locale de");
  });
});
