/**
 * Decoding and resizing uploaded images with sharp (libvips; ADR 0039). An upload is decoded once,
 * turned upright (EXIF orientation), and written as WebP at each width of `variantWidths` — without
 * its metadata (EXIF, GPS, XMP, ICC comments: sharp writes none unless asked) — so what is stored and
 * served is pixels only. Animated GIF and WebP stay animated.
 */
import sharp from "sharp";
import {
  MAX_IMAGE_PIXELS,
  sniffImageKind,
  VARIANT_TYPE,
  variantHeight,
  variantWidths,
  type ImageKind,
} from "../../core/content/images.ts";

export interface ImageVariant {
  readonly width: number;
  readonly height: number;
  readonly contentType: string;
  readonly content: Uint8Array;
}

export interface ProcessedImage {
  readonly sourceType: ImageKind;
  readonly sourceBytes: number;
  readonly width: number;
  readonly height: number;
  readonly variants: readonly ImageVariant[];
}

export type ProcessOutcome =
  | { readonly ok: true; readonly image: ProcessedImage }
  | { readonly ok: false; readonly code: "IMAGE_TYPE" | "IMAGE_UNREADABLE" | "IMAGE_TOO_MANY_PIXELS" };

// One image at a time per process: libvips uses every core per image already.
sharp.concurrency(1);
sharp.cache(false);

/** The upload's variants, or why it cannot be taken. */
export async function processImage(bytes: Uint8Array): Promise<ProcessOutcome> {
  const kind = sniffImageKind(bytes);
  if (!kind) return { ok: false, code: "IMAGE_TYPE" };
  const animated = kind === "image/gif" || kind === "image/webp";
  const input = () => sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" });
  let width: number;
  let height: number;
  try {
    const meta = await input().metadata();
    if (!meta.width || !meta.height) return { ok: false, code: "IMAGE_UNREADABLE" };
    // Orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    // An animation's metadata height is every frame stacked: one page is one frame.
    const frameHeight = meta.pageHeight ?? meta.height;
    height = turned ? meta.width : frameHeight;
    if (width * height > MAX_IMAGE_PIXELS) return { ok: false, code: "IMAGE_TOO_MANY_PIXELS" };
  } catch (error) {
    return { ok: false, code: /pixel limit/i.test(String(error)) ? "IMAGE_TOO_MANY_PIXELS" : "IMAGE_UNREADABLE" };
  }
  const size = { width, height };
  try {
    const variants: ImageVariant[] = [];
    for (const w of variantWidths(width)) {
      const content = await input()
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
      variants.push({ width: w, height: variantHeight(size, w), contentType: VARIANT_TYPE, content });
    }
    return { ok: true, image: { sourceType: kind, sourceBytes: bytes.byteLength, width, height, variants } };
  } catch {
    return { ok: false, code: "IMAGE_UNREADABLE" };
  }
}

/**
 * A picture drawn from SVG markup (the demo's artwork, src/adapters/db/seed), as PNG bytes to upload
 * like any other: `width` pixels wide, the SVG's own aspect ratio.
 */
export async function rasterizeSvg(svg: string, width: number): Promise<Uint8Array> {
  return sharp(Buffer.from(svg), { density: 300 }).resize({ width }).png({ compressionLevel: 3 }).toBuffer();
}
