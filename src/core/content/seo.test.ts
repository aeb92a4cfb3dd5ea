import { describe, expect, it } from "vitest";
import { absoluteUrl, pageSeo, plainText, postSeo, productSeo, type SeoVariant } from "./seo.ts";

const crumbs = [
  { name: "Studio", url: "https://s.example/" },
  { name: "Journal", url: "https://s.example/journal" },
];

describe("postSeo", () => {
  const base = {
    title: "T",
    description: "D",
    url: "https://s.example/journal/b/t",
    canonicalLink: null,
    imageUrl: "https://s.example/a.jpg",
    imageAlt: "A",
    publishedAt: "2026-07-01T08:00:00.000Z",
    updatedAt: "2026-07-02T08:00:00.000Z",
    authorName: "Ann",
    tags: ["x", "y"],
    publisherName: "Studio",
    crumbs,
  };
  it("is an article canonical to itself, with BlogPosting and BreadcrumbList", () => {
    const seo = postSeo(base);
    expect(seo.canonical).toBe(base.url);
    expect(seo.siteName).toBe(crumbs[0]!.name);
    expect(seo.article).toEqual({
      publishedTime: base.publishedAt,
      modifiedTime: base.updatedAt,
      author: "Ann",
      tags: ["x", "y"],
    });
    expect(seo.jsonLd[0]).toMatchObject({
      "@type": "BlogPosting",
      headline: "T",
      image: ["https://s.example/a.jpg"],
      datePublished: base.publishedAt,
      dateModified: base.updatedAt,
      author: { "@type": "Person", name: "Ann" },
      publisher: { "@type": "Organization", name: "Studio" },
      keywords: "x, y",
    });
    expect(seo.jsonLd[1]).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Studio", item: "https://s.example/" },
        { "@type": "ListItem", position: 2, name: "Journal", item: "https://s.example/journal" },
      ],
    });
  });
  it("points canonical at the post's canonical link when it has one", () => {
    expect(postSeo({ ...base, canonicalLink: "https://elsewhere.example/t" }).canonical).toBe(
      "https://elsewhere.example/t",
    );
  });
});

describe("productSeo", () => {
  const seo = (variants: SeoVariant[], optionNames: string[] = [], currency = "EUR", fractionDigits = 2) =>
    productSeo({
      name: "Oil",
      description: "",
      url: "https://s.example/product/lavender-oil",
      imageUrl: null,
      imageAlt: null,
      currency,
      fractionDigits,
      optionNames,
      variants,
      crumbs,
    }).jsonLd[0] as Record<string, unknown>;

  it("one variant: a Product whose Offer is priced in the currency's major unit", () => {
    const offer = (priceMinor: number, currency: string, digits: number) =>
      seo([{ id: "v", options: [], priceMinor, inStock: true }], [], currency, digits).offers;
    expect(offer(1900, "EUR", 2)).toMatchObject({ "@type": "Offer", price: "19.00", priceCurrency: "EUR" });
    expect(offer(500, "JPY", 0)).toMatchObject({ price: "500", availability: "https://schema.org/InStock" });
  });

  it("several variants: a ProductGroup with each variant's own price, stock and address", () => {
    const group = seo(
      [
        { id: "a", options: ["30 ml", "Lavender"], priceMinor: 1900, inStock: true },
        { id: "b", options: ["100 ml", "Lavender"], priceMinor: 4500, inStock: false },
      ],
      ["Size", "Scent"],
    );
    expect(group).toMatchObject({ "@type": "ProductGroup", variesBy: ["https://schema.org/size"] });
    expect(group.hasVariant).toEqual([
      expect.objectContaining({
        "@type": "Product",
        name: "Oil – 30 ml, Lavender",
        size: "30 ml",
        url: "https://s.example/product/lavender-oil?variant=a",
        offers: expect.objectContaining({ price: "19.00", availability: "https://schema.org/InStock" }),
      }),
      expect.objectContaining({
        name: "Oil – 100 ml, Lavender",
        offers: expect.objectContaining({ price: "45.00", availability: "https://schema.org/OutOfStock" }),
      }),
    ]);
    // "Scent" is no schema.org property: named in the variant's name only.
    expect(JSON.stringify(group)).not.toContain('"Scent"');
  });
});

it("takes the text of a description for meta tags", () => {
  expect(plainText("<p>Oil &amp; <strong>lavender</strong></p>\n<ul><li>50&nbsp;ml</li></ul>")).toBe(
    "Oil & lavender 50 ml",
  );
});

it("pages have breadcrumbs once they are below the home page; URLs resolve on the origin", () => {
  expect(
    pageSeo({ title: "J", description: "", url: "https://s.example/journal", crumbs: crumbs.slice(0, 1) }).jsonLd,
  ).toEqual([]);
  expect(absoluteUrl("/assets/a.svg", "https://s.example")).toBe("https://s.example/assets/a.svg");
  expect(absoluteUrl("https://cdn.example/a.jpg", "https://s.example")).toBe("https://cdn.example/a.jpg");
});
