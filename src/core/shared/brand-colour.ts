/**
 * A business's brand colour as the widget's accent (issue 17, theming). The accent colours links and
 * the text of selected times on white, so a pale brand (a yellow, a mint) would fail WCAG 2.2's 4.5:1
 * contrast: it is darkened just enough to pass, keeping its hue, instead of being refused.
 */

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** What the business API takes as a brand colour: the hash is required there (`#1d4ed8`, `#fa0`). */
export const BRAND_COLOUR_FORMAT = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A business's pages are light or dark (ADR 0049); an embed's `?theme` may ask for the other. */
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
/** WCAG 2.2, 1.4.3: normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const INK_HEX = "#0b1220";
const INK: Rgb = [11, 18, 32];

export function parseHexColour(value: string): Rgb | null {
  const match = HEX.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join("") : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** A brand colour as stored and shown: `#rrggbb` in lower case; null for anything that is not a hex colour. */
export function normalHexColour(value: string): string | null {
  const rgb = parseHexColour(value);
  return rgb ? toHex(rgb) : null;
}

/** Relative luminance, WCAG 2.2 definition. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/**
 * The accent for a brand colour on `surface` (white by default): the brand itself when readable,
 * else the brand moved in small steps away from the surface — darker on a light surface, lighter on
 * a dark one (the dark theme) — until it is. Null for anything that is not a hex colour.
 */
export function readableAccent(brand: string, surface: Rgb = WHITE): string | null {
  const rgb = parseHexColour(brand);
  if (!rgb) return null;
  const darkSurface = luminance(surface) < 0.18;
  const step = (c: number) => (darkSurface ? c + (255 - c) * 0.08 : c * 0.93);
  let shade: Rgb = rgb;
  for (let i = 0; i < 40 && contrastRatio(shade, surface) < MIN_TEXT_CONTRAST; i++)
    shade = shade.map(step) as unknown as Rgb;
  return toHex(shade);
}

/**
 * The accent readable both on `surface` and on the surface tinted with `tint` of the accent itself:
 * available days and chosen options show the accent as text on such a tint (styles.css
 * `--accent-soft`, 9%, and `--accent-soft-hover`, 16%), which is a little closer to it than the
 * surface is. Moved further until both pass; a few rounds suffice, as each tint is fainter than the last.
 */
export function readableAccentOnTint(brand: string, surface: Rgb = WHITE, tint = 0.16): string | null {
  let accent = readableAccent(brand, surface);
  for (let i = 0; accent !== null && i < 10; i++) {
    const rgb = parseHexColour(accent)!;
    const tinted = surface.map((c, k) => c + (rgb[k]! - c) * tint) as unknown as Rgb;
    if (contrastRatio(rgb, tinted) >= MIN_TEXT_CONTRAST) return accent;
    accent = readableAccent(accent, tinted);
  }
  return accent;
}

/** Text on a filled accent (a primary button): white or near-black, whichever reads better. */
export function textOnAccent(accent: string): string {
  const rgb = parseHexColour(accent) ?? [0, 0, 0];
  return contrastRatio(rgb, WHITE) >= contrastRatio(rgb, INK) ? "#ffffff" : INK_HEX;
}
