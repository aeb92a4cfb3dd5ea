import { describe, expect, it } from "vitest";
import { check, emptyVariant, fieldMessage, type Draft } from "./product-draft.ts";

const draft = (change: Partial<Draft> = {}): Draft => ({
  id: null,
  title: " Linen apron ",
  slug: "linen-apron",
  isSlugTyped: false,
  type: "physical",
  status: "active",
  descriptionHtml: "",
  currency: "EUR",
  options: [{ name: "Size", values: "S, M, S" }],
  variants: [
    { options: ["S"], price: "24,50", compareAt: "30", stock: "4", sku: " APRON-S " },
    { options: ["M"], price: "26", compareAt: "", stock: "", sku: "" },
  ],
  outOfStock: "deny",
  media: [{ url: "/images/00000000-0000-4000-8000-000000000001", alt: " A linen apron " }],
  ...change,
});

describe("a product draft", () => {
  it("becomes the API's body: amounts in minor units of the currency, stock null when not counted", () => {
    const { problems, body } = check(draft());
    expect([...problems]).toEqual([]);
    expect(body).toMatchObject({
      title: "Linen apron",
      currency: "EUR",
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { options: ["S"], priceMinor: 2450, compareAtMinor: 3000, stockQuantity: 4, sku: "APRON-S" },
        { options: ["M"], priceMinor: 2600, compareAtMinor: null, stockQuantity: null, sku: null },
      ],
      media: [{ alt: "A linen apron" }],
    });
    // A currency without minor digits takes whole amounts only.
    const yen = check(draft({ currency: "JPY", variants: [{ ...emptyVariant(1), options: ["S"], price: "1500" }] }));
    expect(yen.body.variants[0]?.priceMinor).toBe(1500);
    const cents = check(draft({ currency: "JPY", variants: [{ ...emptyVariant(1), options: ["S"], price: "15.5" }] }));
    expect(cents.problems.get("variants.0.priceMinor")).toBe("console.products.error.price");
  });

  it("says each problem at its field, the core's product rules included", () => {
    const { problems } = check(
      draft({
        title: " ",
        slug: "Linen Apron",
        options: [
          { name: "Size", values: "S, M" },
          { name: "size", values: "" },
        ],
        variants: [
          { options: ["S", ""], price: "", compareAt: "20", stock: "1.5", sku: "x".repeat(101) },
          { options: ["S", ""], price: "19", compareAt: "19", stock: "-2", sku: "" },
        ],
        media: [{ url: "/images/00000000-0000-4000-8000-000000000001", alt: "  " }],
      }),
    );
    expect(Object.fromEntries(problems)).toEqual({
      title: "console.products.error.title",
      slug: "console.products.error.slug",
      "options.1.name": "console.products.error.optionName",
      "options.1.values": "console.products.error.optionValues",
      "variants.0.priceMinor": "console.products.error.price",
      "variants.0.stockQuantity": "console.products.error.stock",
      "variants.0.sku": "console.products.error.sku",
      "variants.0.options.1": "console.products.error.variantOptions",
      "variants.1.options.1": "console.products.error.variantOptions",
      // From checkProduct (core): the same rules the server applies (a price not typed is said once, above).
      "variants.1.options": "console.products.error.variantDuplicate",
      "variants.1.compareAtMinor": "console.products.error.compareAt",
      "media.0.alt": "console.images.error.alt",
    });
    expect(check(draft({ variants: [] })).problems.get("variants")).toBe("console.products.error.variants");
  });

  it("names the field's message for a refusal the checks here do not know, by the path's last name", () => {
    expect(fieldMessage("variants.3.priceMinor")).toBe("console.products.error.price");
    expect(fieldMessage("options.0.values.2")).toBe("console.products.error.optionValues");
    expect(fieldMessage("media.1.url")).toBe("console.images.error.unknown");
    expect(fieldMessage("somethingNew")).toBe("console.fields.checkFields");
  });
});
