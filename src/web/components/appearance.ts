import type { CSSProperties } from "react";
import { readableAccent, textOnAccent, type Rgb } from "../../core/shared/brand-colour.ts";

/**
 * How an embedding site asks the widget to look (issue 17): `?theme=dark` and `?brand=%23aa00ff`
 * on the frame's address, which the embed snippet writes. Anything else is ignored, and a brand
 * colour only ever reaches the page as a validated hex value, moved until it is readable.
 */
export interface Appearance {
  readonly theme: "light" | "dark";
  readonly style: CSSProperties | undefined;
}

/** The surfaces accents are checked against: white, and the dark theme's `--surface` (styles.css). */
const SURFACE: Record<Appearance["theme"], Rgb> = { light: [255, 255, 255], dark: [22, 29, 39] };

export function appearanceFrom(params: URLSearchParams): Appearance | null {
  const theme = params.get("theme") === "dark" ? "dark" : params.get("theme") === "light" ? "light" : null;
  const brand = params.get("brand");
  const accent = brand ? readableAccent(brand, SURFACE[theme ?? "light"]) : null;
  if (!theme && !accent) return null;
  const style = accent
    ? ({ "--accent": accent, "--accent-contrast": textOnAccent(accent) } as CSSProperties)
    : undefined;
  return { theme: theme ?? "light", style };
}

let remembered: Appearance | null = null;

/**
 * The frame's address carries the appearance only on the page the snippet opened; later client
 * navigations inside the frame keep it for as long as the document lives. Remembered in the
 * browser only — on the server a module variable would leak one request's look into the next.
 */
export function keepAppearance(fromUrl: Appearance | null | undefined): Appearance | null {
  if (typeof document === "undefined") return fromUrl ?? null;
  if (fromUrl) remembered = fromUrl;
  return remembered;
}
