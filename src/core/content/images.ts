/**
 * Images a business uploads for its content site (issue 16, ADR 0039): which files are taken, the
 * widths each is kept at, their public addresses, and what a page's `<img>` says about them. Pure:
 * the upload's decoding and resizing is src/adapters/images/process-image.ts.
 */
import { sniffFileKind } from "../forms/uploads.ts";

/** One upload's ceiling (the request body's, in bytes). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Decoded pixels an upload may have (width × height): a small file can decode to gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The kinds of image taken, read from the bytes; never SVG (it can carry scripts). */
export const IMAGE_KINDS = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** The kind of image these bytes are (by their first bytes, as form uploads are read), or null. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  const kind = sniffFileKind(bytes);
  return (IMAGE_KINDS as readonly string[]).includes(kind ?? "") ? (kind as ImageKind) : null;
}

/** The widths an image is kept at (the largest is also the widest ever served). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const MAX_VARIANT_WIDTH = 1920;

/** Every variant is WebP: every browser in use shows it, and it is the smallest of the four. */
export const VARIANT_TYPE = "image/webp";
export const VARIANT_EXTENSION = "webp";

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The widths an image of `width` pixels is kept at: the standard widths below it, and its own width
 * (at most the largest standard one). Never wider than the image: nothing is upscaled.
 */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, MAX_VARIANT_WIDTH);
  return [...VARIANT_WIDTHS.filter((w) => w < top), top];
}

/** The height of the variant `width` pixels wide, keeping the aspect ratio (at least 1). */
export const variantHeight = (size: ImageSize, width: number): number =>
  Math.max(1, Math.round((size.height * width) / size.width));

/** The public address of one variant: `/images/<id>/<width>.webp`. */
export const variantPath = (id: string, width: number): string => `/images/${id}/${width}.${VARIANT_EXTENSION}`;

/** The address a post or product names an uploaded image by: `/images/<id>` (a variant's address works too). */
export const imagePath = (id: string): string => `/images/${id}`;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** `/images/<id>`, `/images/<id>/`, `/images/<id>/<width>.webp`, relative or on any origin. */
const IMAGE_REFERENCE = new RegExp(`^(?:https?://[^/]+)?/images/(${UUID})(?:/(?:\\d+\\.${VARIANT_EXTENSION})?)?$`, "i");
/** A variant's path as served: its id and width. */
const VARIANT_PATH = new RegExp(`^/images/(${UUID})/(\\d{1,5})\\.${VARIANT_EXTENSION}$`, "i");

/** The uploaded image an image address names, or null when it is any other address. */
export function imageIdOf(url: string): string | null {
  return IMAGE_REFERENCE.exec(url)?.[1]?.toLowerCase() ?? null;
}

/** Whether `url` is the relative address of an uploaded image (which posts and products may name). */
export const isImageReference = (url: string): boolean => !/^https?:/i.test(url) && imageIdOf(url) !== null;

/** The id and width a request path asks for, or null when it is no variant's path. */
export function parseVariantPath(path: string): { id: string; width: number } | null {
  const match = VARIANT_PATH.exec(path);
  return match ? { id: match[1]!.toLowerCase(), width: Number(match[2]) } : null;
}

/** What an `<img>` of a content page says: its source, its candidates when uploaded, and its box. */
export interface ResponsiveImage {
  readonly src: string;
  readonly srcSet: string | undefined;
  readonly width: number;
  readonly height: number;
}

/**
 * The attributes of an image shown on a page. An uploaded image (`size` known) gets every width it
 * is kept at as a candidate, its own aspect ratio and the widest variant as `src`; any other address
 * is shown as given in the box the page reserves for it (`fallback`), so nothing shifts either way.
 */
export function responsiveImage(url: string, size: ImageSize | null, fallback: ImageSize): ResponsiveImage {
  const id = imageIdOf(url);
  if (!id || !size) return { src: url, srcSet: undefined, ...fallback };
  const widths = variantWidths(size.width);
  const widest = widths[widths.length - 1]!;
  return {
    src: variantPath(id, widest),
    srcSet: widths.map((w) => `${variantPath(id, w)} ${w}w`).join(", "),
    width: widest,
    height: variantHeight(size, widest),
  };
}

/** The one address to name an image by outside a page's `<img>` (a feed, Open Graph): its widest variant. */
export const imageSourceUrl = (url: string, size: ImageSize | null): string =>
  responsiveImage(url, size, { width: 0, height: 0 }).src;
