import { describe, expect, it } from "vitest";
import {
  imageIdOf,
  imageSourceUrl,
  isImageReference,
  parseVariantPath,
  responsiveImage,
  sniffImageKind,
  variantHeight,
  variantWidths,
} from "./images.ts";

const ID = "0b6f3c1e-9a4d-4c2e-8f4b-2d1e5a7c9b10";
const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("uploaded images", () => {
  it("takes JPEG, PNG, WebP and GIF by their bytes, nothing else (not PDF, not SVG)", () => {
    expect(sniffImageKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffImageKind(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(sniffImageKind(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageKind(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffImageKind(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageKind(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it("keeps the standard widths below the image's own, and its own width, never wider than 1920", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(200)).toEqual([200]);
    expect(variantHeight({ width: 1920, height: 1008 }, 320)).toBe(168);
    expect(variantHeight({ width: 4000, height: 1 }, 320)).toBe(1);
  });

  it("reads an image's id from the addresses that name it, and only from those", () => {
    expect(imageIdOf(`/images/${ID}`)).toBe(ID);
    expect(imageIdOf(`/images/${ID.toUpperCase()}/640.webp`)).toBe(ID);
    expect(imageIdOf(`https://shop.example/images/${ID}/`)).toBe(ID);
    expect(imageIdOf(`/images/${ID}/640.png`)).toBeNull();
    expect(imageIdOf(`/images/not-an-id`)).toBeNull();
    expect(imageIdOf(`/images/${ID}/../../etc`)).toBeNull();
    expect(isImageReference(`/images/${ID}`)).toBe(true);
    expect(isImageReference(`https://shop.example/images/${ID}`)).toBe(false);
    expect(isImageReference(`javascript:/images/${ID}`)).toBe(false);
    expect(parseVariantPath(`/images/${ID}/960.webp`)).toEqual({ id: ID, width: 960 });
    expect(parseVariantPath(`/images/${ID}/960.jpg`)).toBeNull();
    expect(parseVariantPath(`/images/${ID}`)).toBeNull();
  });

  it("gives an uploaded image every kept width as a candidate and its own box; any other address the fallback box", () => {
    expect(responsiveImage(`/images/${ID}`, { width: 1000, height: 500 }, { width: 1200, height: 630 })).toEqual({
      src: `/images/${ID}/1000.webp`,
      srcSet: `/images/${ID}/320.webp 320w, /images/${ID}/640.webp 640w, /images/${ID}/960.webp 960w, /images/${ID}/1000.webp 1000w`,
      width: 1000,
      height: 500,
    });
    expect(responsiveImage("https://cdn.example/a.jpg", null, { width: 1200, height: 630 })).toEqual({
      src: "https://cdn.example/a.jpg",
      srcSet: undefined,
      width: 1200,
      height: 630,
    });
    // An uploaded image that is gone (or another business's) is shown as named, in the fallback box.
    expect(responsiveImage(`/images/${ID}`, null, { width: 800, height: 800 }).srcSet).toBeUndefined();
    expect(imageSourceUrl(`/images/${ID}`, { width: 3000, height: 2000 })).toBe(`/images/${ID}/1920.webp`);
  });
});
