import { describe, expect, it } from "vitest";
import {
  checkProduct,
  isVariantAvailable,
  isVariantShown,
  listingPrice,
  variantFor,
  variantStock,
  type VariantFields,
} from "./product.ts";

const variant = (options: string[], priceMinor = 1000, extra: Partial<VariantFields> = {}): VariantFields => ({
  options,
  priceMinor,
  compareAtMinor: null,
  stockQuantity: null,
  sku: null,
  ...extra,
});
const size = { name: "Size", values: ["S", "M", "L"] };
const colour = { name: "Colour", values: ["Red", "Blue"] };

describe("checkProduct", () => {
  it("accepts a product without options and one variant, and one with a variant per combination", () => {
    expect(checkProduct([], [variant([])])).toEqual([]);
    expect(checkProduct([size, colour], [variant(["S", "Red"]), variant(["L", "Blue"], 1200)])).toEqual([]);
  });

  it.each([
    [[size, { name: "size", values: ["x"] }], [], "OPTION_NAME_DUPLICATE", "options.1.name"],
    [[{ name: "Size", values: ["S", "S"] }], [], "OPTION_VALUE_DUPLICATE", "options.0.values.1"],
    [[size], [variant(["S", "Red"])], "VARIANT_OPTIONS_MISMATCH", "variants.0.options"],
    [[size], [variant([])], "VARIANT_OPTIONS_MISMATCH", "variants.0.options"],
    [[size, colour], [variant(["S", "Green"])], "VARIANT_OPTION_UNKNOWN", "variants.0.options.1"],
    [[size], [variant(["M"]), variant(["M"])], "VARIANT_DUPLICATE", "variants.1.options"],
    [[], [variant([], 1000, { compareAtMinor: 1000 })], "COMPARE_AT_NOT_HIGHER", "variants.0.compareAtMinor"],
  ] as const)("%j %j → %s at %s", (options, variants, code, path) => {
    expect(checkProduct(options, variants)).toEqual([{ code, path }]);
  });
});

describe("variantStock", () => {
  it.each([
    [null, "deny", { kind: "in_stock" }],
    [6, "deny", { kind: "in_stock" }],
    [5, "deny", { kind: "low", left: 5 }],
    [1, "hide", { kind: "low", left: 1 }],
    [0, "deny", { kind: "out_of_stock" }],
    [-2, "deny", { kind: "out_of_stock" }],
    [0, "continue", { kind: "backorder" }],
    [0, "hide", { kind: "out_of_stock" }],
  ] as const)("%s under %s → %j", (stock, policy, expected) => {
    expect(variantStock(stock, policy)).toEqual(expected);
  });

  it("hides a sold-out variant only under hide, and sells it only under continue", () => {
    expect(isVariantShown(0, "hide")).toBe(false);
    expect(isVariantShown(0, "deny")).toBe(true);
    expect(isVariantShown(null, "hide")).toBe(true);
    expect(isVariantAvailable(0, "deny")).toBe(false);
    expect(isVariantAvailable(0, "continue")).toBe(true);
    expect(isVariantAvailable(0, "hide")).toBe(false);
    expect(isVariantAvailable(3, "deny")).toBe(true);
  });
});

describe("variantFor", () => {
  const variants = [
    { id: "s-red", options: ["S", "Red"] },
    { id: "s-blue", options: ["S", "Blue"] },
    { id: "l-red", options: ["L", "Red"] },
  ];
  it("changes one choice and keeps the others, or falls back to the first variant with the value", () => {
    expect(variantFor(variants, variants[0]!, 1, "Blue")?.id).toBe("s-blue");
    expect(variantFor(variants, variants[1]!, 0, "L")?.id).toBe("l-red");
    expect(variantFor(variants, variants[0]!, 0, "M")).toBeNull();
  });
});

describe("listingPrice", () => {
  const v = (priceMinor: number, stockQuantity: number | null, compareAtMinor: number | null = null) => ({
    priceMinor,
    compareAtMinor,
    stockQuantity,
  });
  it("shows the lowest shown price with its compare-at, and whether prices vary", () => {
    expect(listingPrice([v(2000, null), v(1500, 3, 1900)], "deny")).toEqual({
      priceMinor: 1500,
      compareAtMinor: 1900,
      hasPriceRange: true,
      isSoldOut: false,
    });
    expect(listingPrice([v(1500, 0), v(2000, 4)], "hide")).toMatchObject({ priceMinor: 2000, hasPriceRange: false });
  });
  it("is sold out when nothing shown can be bought, and null when nothing is shown", () => {
    expect(listingPrice([v(1500, 0)], "deny")).toMatchObject({ isSoldOut: true });
    expect(listingPrice([v(1500, 0)], "continue")).toMatchObject({ isSoldOut: false });
    expect(listingPrice([v(1500, 0)], "hide")).toBeNull();
  });
});
