import { describe, expect, it } from "vitest";
import { compareBrowserLocale, findBrowserLocale, parseAcceptLanguage } from "./browser-locale.ts";
import { OUR_LOCALES } from "./test-locales.test-helper.ts";

describe("parseAcceptLanguage", () => {
  it("drops q-values, keeps header order and does not trim", () => {
    expect(parseAcceptLanguage("en-US,en;q=0.9, fr;q=0.8")).toEqual(["en-US", "en", " fr"]);
  });
});

describe("findBrowserLocale (C.3)", () => {
  it.each([
    ["de-CH", "de"], // second pass: primary subtag (C.12.2)
    ["de-ch", "de"],
    ["pt-BR", "pt-br"],
    ["pt-PT", "pt"],
    ["pt-BR,pt", "pt-br"], // exact match scores 1
    ["pt", "pt-br"], // no exact `pt`; the first locale of primary `pt` in list order is pt-br
    ["fr-FR,fr;q=0.9,en;q=0.8", "fr"],
    ["en;q=0.1,fr;q=0.9", "en"], // q-values ignored: order is priority
    ["es-MX,de-DE", "es"], // a primary-subtag match on the first tag (0.999) beats an exact match on the second (0.5)
    ["fr-CA, de-DE", "fr"], // " de-DE" keeps its space and never matches
    ["xx-YY,zz", ""],
    ["", ""],
    ["*", ""],
  ])("Accept-Language %j → %j", (header, expected) => {
    expect(findBrowserLocale(OUR_LOCALES, header)).toBe(expected);
  });

  it.each([
    [["de-AT", "en-US"], "de"],
    [["nl-BE"], "nl"],
    [["hu"], "hu"],
    [[], ""],
  ])("navigator.languages %j → %j", (languages, expected) => {
    expect(findBrowserLocale(OUR_LOCALES, languages)).toBe(expected);
  });

  it("compares against the code when a locale has no language", () => {
    expect(findBrowserLocale([{ code: "en" }, { code: "fr" }], "fr-FR")).toBe("fr");
  });

  it("breaks a score tie in favour of the longer code (C.12.3)", () => {
    // 1000 tags: "pt" at 0 matches pt-br by primary subtag (0.999 − 0), "pt-PT" at 1 matches pt exactly (1 − 1/1000).
    const tags = ["pt", "pt-PT", ...Array.from({ length: 998 }, () => "xx")];
    expect(1 - 1 / tags.length).toBe(0.999 - 0 / tags.length);
    expect(findBrowserLocale(OUR_LOCALES, tags)).toBe("pt-br");
    const sorted = [
      { code: "pt", score: 1 },
      { code: "pt-br", score: 1 },
    ].sort(compareBrowserLocale);
    expect(sorted.map((m) => m.code)).toEqual(["pt-br", "pt"]);
  });
});
