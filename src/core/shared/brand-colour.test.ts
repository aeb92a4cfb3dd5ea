import { describe, expect, it } from "vitest";
import {
  BRAND_COLOUR_FORMAT,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  normalHexColour,
  parseHexColour,
  readableAccent,
  readableAccentOnTint,
  textOnAccent,
} from "./brand-colour.ts";

const WHITE = [255, 255, 255] as const;

describe("brand colour as the widget's accent", () => {
  it("parses #rgb and #rrggbb, with or without #, and refuses anything else", () => {
    expect(parseHexColour("#0b5cad")).toEqual([11, 92, 173]);
    expect(parseHexColour("fa0")).toEqual([255, 170, 0]);
    for (const bad of ["red", "#12345", "url(x)", "#0b5cad;color:red", ""]) expect(parseHexColour(bad)).toBeNull();
  });

  it("matches WCAG's published ratios", () => {
    expect(contrastRatio([0, 0, 0], WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio([118, 118, 118], WHITE)).toBeCloseTo(4.54, 2);
  });

  it("keeps a readable brand as it is", () => {
    expect(readableAccent("#0b5cad")).toBe("#0b5cad");
  });

  it.each(["#ffd400", "#7fffd4", "#ffffff", "#f0f"])("darkens %s until text in it is readable on white", (brand) => {
    const accent = readableAccent(brand)!;
    expect(contrastRatio(parseHexColour(accent)!, WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(accent).not.toBe(brand);
  });

  it("refuses what is not a colour, so nothing else reaches a style", () => {
    expect(readableAccent("red;background:url(//evil)")).toBeNull();
  });

  it.each(["#0b5cad", "#1a1a1a", "#6b21a8"])("lightens %s until it reads on the dark theme's surface", (brand) => {
    const surface = [22, 29, 39] as const;
    const accent = readableAccent(brand, surface)!;
    expect(contrastRatio(parseHexColour(accent)!, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(["#0b5cad", "#ffd400", "#86b7ee", "#000000"])("puts readable text on a %s button", (accent) => {
    const ink = parseHexColour(textOnAccent(accent))!;
    expect(contrastRatio(ink, parseHexColour(accent)!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe("a brand colour as stored", () => {
  it("is #rrggbb in lower case, whatever hex form was typed", () => {
    expect(normalHexColour("#FA0")).toBe("#ffaa00");
    expect(normalHexColour("#0B5CAD")).toBe("#0b5cad");
    expect(normalHexColour("blue")).toBeNull();
  });

  it.each(["#0b5cad", "#FA0"])("the API takes %s", (value) => expect(BRAND_COLOUR_FORMAT.test(value)).toBe(true));
  it.each(["0b5cad", "#12345", "red", "#0b5cad;x"])("the API refuses %s", (value) =>
    expect(BRAND_COLOUR_FORMAT.test(value)).toBe(false),
  );
});

describe("an accent shown as text on its own tint (available days)", () => {
  const DARK = [22, 29, 39] as const;
  const tinted = (accent: string, surface: readonly [number, number, number]) =>
    surface.map((c, k) => c + (parseHexColour(accent)![k]! - c) * 0.16) as unknown as [number, number, number];

  it.each([
    ["#c2410c", DARK],
    ["#0b5cad", DARK],
    ["#ffd400", WHITE],
    ["#7fffd4", WHITE],
  ] as const)("of %s stays readable on that tint", (brand, surface) => {
    const accent = readableAccentOnTint(brand, surface)!;
    expect(contrastRatio(parseHexColour(accent)!, surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(parseHexColour(accent)!, tinted(accent, surface))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
