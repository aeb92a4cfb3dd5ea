import { describe, expect, it } from "vitest";
import type { ProductView } from "../../../app/pages/public-pages.ts";
import { selectedVariant } from "./product-detail.tsx";

const variant = (id: string, kind: "in_stock" | "out_of_stock") => ({
  id,
  options: [id],
  priceMinor: 100,
  compareAtMinor: null,
  stock: { kind },
});
const product = (...variants: ReturnType<typeof variant>[]): ProductView => ({
  id: "p",
  slug: "p",
  name: "P",
  descriptionHtml: "",
  currency: "EUR",
  media: [],
  options: [{ name: "Size", values: variants.map((v) => v.id) }],
  variants,
  status: "active",
});

describe("selectedVariant", () => {
  it("takes the variant ?variant= names, else the first that can be bought, else the first", () => {
    const p = product(variant("s", "out_of_stock"), variant("m", "in_stock"), variant("l", "in_stock"));
    expect(selectedVariant(p, "l").id).toBe("l");
    expect(selectedVariant(p, "s").id).toBe("s");
    expect(selectedVariant(p, null).id).toBe("m");
    expect(selectedVariant(p, "not-a-variant").id).toBe("m");
    expect(selectedVariant(product(variant("s", "out_of_stock")), null).id).toBe("s");
  });
});
