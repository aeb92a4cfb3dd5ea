import type { CSSProperties } from "react";

/**
 * How an embedding site asks the widget to look (issue 17): `?theme=dark` and `?brand=%23aa00ff`
 * on the frame's address, which the embed snippet writes. Anything else is ignored, and a brand
 * colour only ever reaches the page as a validated hex value, moved until it is readable.
 */
export interface Appearance {
  readonly theme: "light" | "dark";
  readonly style: CSSProperties | undefined;
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
