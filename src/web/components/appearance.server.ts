/**
 * The appearance an embedding site asks for, read from the frame's address on the server only: the
 * colour arithmetic never reaches the browser, which receives the resulting style in the root data.
 */
import { readableAccent, textOnAccent, type Rgb } from "../../core/shared/brand-colour.ts";
import type { CSSProperties } from "react";
import type { Appearance } from "./appearance.ts";

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
