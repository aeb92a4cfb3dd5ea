import { describe, expect, it } from "vitest";
import { LOCALE_CODES, languageTag, textLang } from "./locales.ts";

describe("textLang (WCAG 3.1.2, ADR 0061)", () => {
  it("names the text's language, with the tag <html lang> uses, where it is not the page's", () => {
    expect(textLang("en", "de")).toBe("en-US");
    expect(textLang("de", "en")).toBe("de-DE");
    expect(textLang("pt", "pt-br")).toBe("pt-PT");
    expect(textLang("pt-br", "pt")).toBe("pt-BR");
    for (const code of LOCALE_CODES) expect(textLang(code, code === "en" ? "da" : "en")).toBe(languageTag(code));
  });

  it("adds nothing where the page already speaks the text's language", () => {
    for (const code of LOCALE_CODES) expect(textLang(code, code)).toBeUndefined();
  });

  it("adds nothing for a language that is none of ours, or none at all", () => {
    expect(textLang("xx", "de")).toBeUndefined();
    expect(textLang("", "de")).toBeUndefined();
    expect(textLang(null, "de")).toBeUndefined();
    expect(textLang(undefined, "de")).toBeUndefined();
  });
});
