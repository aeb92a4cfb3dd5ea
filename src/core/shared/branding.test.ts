import { describe, expect, it } from "vitest";
import { LOGO_HEIGHT, logoImage } from "./branding.ts";

const ID = "0b5cad00-0000-4000-8000-000000000001";

describe("a logo's <img>", () => {
  it.each([
    // [image width, height] → [src width, box width, box height]
    [1200, 400, 320, 120, LOGO_HEIGHT],
    [100, 100, 100, LOGO_HEIGHT, LOGO_HEIGHT],
    // A very wide wordmark is narrowed to 200 px, its height following.
    [2000, 100, 320, 200, 10],
  ])("of a %i×%i image is its %i px variant in a %i×%i box", (width, height, variant, boxWidth, boxHeight) => {
    expect(logoImage(ID, { width, height })).toEqual({
      src: `/images/${ID}/${variant}.webp`,
      width: boxWidth,
      height: boxHeight,
    });
  });
});
