import { describe, expect, it } from "vitest";
import { fallbackChain } from "../../i18n/locales.ts";
import { shownText } from "./business-text.tsx";

describe("shownText: a form's text and the lang it needs (ADR 0061)", () => {
  const label = { en: "Your name", de: "Ihr Name" };

  it("is the page's language's text, unmarked, where the form has one", () => {
    expect(shownText(label, fallbackChain("de"))).toEqual({ text: "Ihr Name", lang: undefined });
    expect(shownText(label, fallbackChain("en"))).toEqual({ text: "Your name", lang: undefined });
  });

  it("marks a text that fell back to another language with that language's tag", () => {
    expect(shownText(label, fallbackChain("da"))).toEqual({ text: "Your name", lang: "en-US" });
    // pt-br falls back to pt first: Portuguese text on a Brazilian page is pt-PT.
    expect(shownText({ pt: "O seu nome", en: "Your name" }, fallbackChain("pt-br"))).toEqual({
      text: "O seu nome",
      lang: "pt-PT",
    });
    // Neither the page's language nor English: whatever the form has, marked as that.
    expect(shownText({ hu: "Az Ön neve" }, fallbackChain("fr"))).toEqual({ text: "Az Ön neve", lang: "hu-HU" });
  });

  it("is empty and unmarked for no text", () => {
    expect(shownText(undefined, fallbackChain("de"))).toEqual({ text: "", lang: undefined });
    expect(shownText({}, fallbackChain("de"))).toEqual({ text: "", lang: undefined });
  });
});
