import { describe, expect, it } from "vitest";
import { appearanceFrom, businessAppearance } from "./appearance.server.ts";

const business = { theme: "dark", brandColour: "#0b5cad" } as const;
const q = (s: string) => new URLSearchParams(s);

describe("a page's look: the embed's asking over the business's own (ADR 0049)", () => {
  it("is the business's own when the address asks for nothing", () => {
    expect(appearanceFrom(q(""), business)).toBeNull();
    expect(businessAppearance(business)?.theme).toBe("dark");
    expect(businessAppearance(business)?.style).toHaveProperty("--accent");
  });

  it("is the product's default for a business that chose nothing", () => {
    expect(businessAppearance({ theme: "light", brandColour: null })).toBeNull();
  });

  it("takes the embed's theme with the business's colour, made readable on that theme", () => {
    const look = appearanceFrom(q("theme=light"), business)!;
    expect(look.theme).toBe("light");
    expect(look.style).toEqual(businessAppearance({ theme: "light", brandColour: "#0b5cad" })!.style);
  });

  it("takes the embed's colour with the business's theme; a bad colour counts as none", () => {
    expect(appearanceFrom(q("brand=%23aa00ff"), business)!.theme).toBe("dark");
    expect(appearanceFrom(q("brand=red"), business)).toBeNull();
  });
});
