/**
 * The demo's pictures (ADR 0039): the journal's covers and the shop's product shots are drawn from
 * the SVG artwork in public/assets/demo and uploaded through the same processing as a business's
 * images, so `npm start` shows real WebP variants with srcset — and no binary file is kept in git.
 */
import fs from "node:fs";
import { processImage, rasterizeSvg, type ProcessedImage } from "../../images/process-image.ts";

/** Each picture and the width it is drawn at (covers wide enough for every variant, products square). */
const ARTWORK = {
  "cover-breath": 1920,
  "cover-evening": 1920,
  "cover-care": 1920,
  "cover-studio": 1920,
  "product-oil": 1280,
  "product-oil-detail": 1280,
  "product-candle": 1280,
} as const;
export type DemoPicture = keyof typeof ARTWORK;

const artwork = (name: DemoPicture) =>
  fs.readFileSync(new URL(`../../../../public/assets/demo/${name}.svg`, import.meta.url), "utf8");

/** Every demo picture, processed and ready to store (a few seconds of CPU, before the seed's transaction). */
export async function demoPictures(): Promise<Record<DemoPicture, ProcessedImage>> {
  const pictures = {} as Record<DemoPicture, ProcessedImage>;
  for (const [name, width] of Object.entries(ARTWORK) as [DemoPicture, number][]) {
    const outcome = await processImage(await rasterizeSvg(artwork(name), width));
    if (!outcome.ok) throw new Error(`demo picture ${name}: ${outcome.code}`);
    pictures[name] = outcome.image;
  }
  return pictures;
}
