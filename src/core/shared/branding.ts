/**
 * What a visitor sees of a business's branding (issue 18, ADR 0049): its name, its logo as an
 * `<img>` of one of its own uploaded images, its brand colour and its light or dark look. Pure: the
 * database read is src/adapters/db/public-pages-repository.ts, the colour arithmetic brand-colour.ts.
 */
import { variantPath, type ImageSize } from "../content/images.ts";
import type { Theme } from "./brand-colour.ts";

export interface LogoImage {
  readonly src: string;
  readonly width: number;
  readonly height: number;
}

export interface Branding {
  readonly name: string;
  readonly logo: LogoImage | null;
  /** `#rrggbb`, or null: the product's own accent. */
  readonly brandColour: string | null;
  readonly theme: Theme;
  /**
   * The locale code of the language the business writes its own texts in (its services, posts,
   * forms…): pages in another language mark those texts with it (WCAG 3.1.2, ADR 0061).
   */
  readonly locale: string;
}

/** The height a logo is shown at in a page header and an email, in CSS pixels. */
export const LOGO_HEIGHT = 40;
/** The widest a logo may be at that height: a very wide wordmark is scaled down to fit. */
const LOGO_MAX_WIDTH = 200;
/** The smallest width every image is kept at (images.ts VARIANT_WIDTHS): twice the box on a 2x screen. */
const LOGO_VARIANT_WIDTH = 320;

/**
 * The `<img>` of an uploaded image shown as a logo: its smallest variant (never wider than the image),
 * boxed to LOGO_HEIGHT high, or narrower when the image is too wide for LOGO_MAX_WIDTH.
 */
export function logoImage(id: string, size: ImageSize): LogoImage {
  const ratio = size.width / Math.max(1, size.height);
  const width = Math.min(LOGO_MAX_WIDTH, Math.round(LOGO_HEIGHT * ratio));
  return {
    src: variantPath(id, Math.min(size.width, LOGO_VARIANT_WIDTH)),
    width: Math.max(1, width),
    height: Math.max(1, Math.round(width / ratio)),
  };
}
