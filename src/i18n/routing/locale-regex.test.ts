import { describe, expect, it } from "vitest";
import { localeFromPath } from "./locale-regex.ts";

const codes = ["en", "fr", "pt-br", "pt"];

describe("localeFromPath (C.2 path regex)", () => {
  it.each([
    ["/fr", "fr"],
    ["/fr/", "fr"],
    ["/fr/about", "fr"],
    ["/FR/about", "fr"],
    ["/pt-br/x", "pt-br"],
    ["/pt/x", "pt"],
    ["/pt-BR", "pt-br"],
    ["/french", ""],
    ["/frx/a", ""],
    ["/", ""],
    ["/about/fr", ""],
    ["/en", "en"],
  ])("%s → %j", (path, expected) => {
    expect(localeFromPath(path, codes)).toBe(expected);
  });

  it("matches nothing with no codes", () => {
    expect(localeFromPath("/fr", [])).toBe("");
  });
});
