/**
 * The appearance of a page, on the server only: the colour arithmetic never reaches the browser,
 * which receives the resulting style in the root data. Two sources compose (ADR 0049): the look an
 * embedding site asks for on the frame's address (`?theme`, `?brand`, issue 17) and the business's
 * own branding (its theme and brand colour); each of the embed's parameters wins over the business's.
 */
import {
  parseHexColour,
  readableAccentOnTint,
  textOnAccent,
  type Rgb,
  type Theme,
} from "../../core/shared/brand-colour.ts";
import type { CSSProperties } from "react";
import type { Appearance } from "./appearance.ts";

/** The surfaces accents are checked against: white, and the dark theme's `--surface` (styles.css). */
const SURFACE: Record<Appearance["theme"], Rgb> = { light: [255, 255, 255], dark: [22, 29, 39] };

/** A business's own look: its theme and brand colour, when it has chosen them. */
export interface BusinessLook {
  readonly theme: Theme;
  readonly brandColour: string | null;
}

/** The look of a theme and a brand colour (any text: only a hex colour counts), or null for the default. */
export function lookOf(theme: Theme | null, brand: string | null): Appearance | null {
  const accent = brand ? readableAccentOnTint(brand, SURFACE[theme ?? "light"]) : null;
  if (!theme && !accent) return null;
  const style = accent
    ? ({ "--accent": accent, "--accent-contrast": textOnAccent(accent) } as CSSProperties)
    : undefined;
  return { theme: theme ?? "light", style };
}

/**
 * The look an embedding site asks for, over the business's: null when the address asks for none
 * (the page then has the business's own look, which the browser does not need to remember).
 */
export function appearanceFrom(params: URLSearchParams, business: BusinessLook | null = null): Appearance | null {
  const asked = params.get("theme");
  const theme = asked === "dark" || asked === "light" ? asked : null;
  const brand = params.get("brand");
  const isBrand = brand !== null && parseHexColour(brand) !== null;
  if (!theme && !isBrand) return null;
  return lookOf(theme ?? business?.theme ?? null, isBrand ? brand : (business?.brandColour ?? null));
}

/** The business's own look (no embed asking), or null when it is the product's default. */
export function businessAppearance(business: BusinessLook | null): Appearance | null {
  if (!business || (business.theme === "light" && !business.brandColour)) return null;
  return lookOf(business.theme, business.brandColour);
}
