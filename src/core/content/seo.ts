/**
 * What search engines and link previews read on a content page (domain notes §E "SEO per page"):
 * title, description, canonical link, Open Graph / Twitter card, and schema.org JSON-LD
 * (BlogPosting, Product with Offer, BreadcrumbList). Pure: URLs come in absolute.
 */

export interface Seo {
  title: string;
  description: string;
  /** The canonical URL; null: none (previews never point canonical at themselves). */
  canonical: string | null;
  type: "article" | "product" | "website";
  image: string | null;
  imageAlt: string | null;
  article?: { publishedTime: string | null; modifiedTime: string; author: string | null; tags: string[] };
  jsonLd: Record<string, unknown>[];
  /**
   * The site's name (the first crumb's: the business's home), or null: added to the browser tab's title so a
   * tab reads "Tag: breathing – Northwind" rather than "breathing" (WCAG 2.4.2), and given as og:site_name.
   */
  siteName: string | null;
}

export interface Crumb {
  name: string;
  url: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The text of a sanitised HTML fragment, for a meta description: tags dropped, spaces collapsed. */
export const plainText = (html: string, max = 300) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);

/** An absolute URL for `href` (already absolute: unchanged; root-relative: on `origin`). */
export const absoluteUrl = (href: string, origin: string) => new URL(href, `${origin}/`).toString();

export function breadcrumbJsonLd(crumbs: readonly Crumb[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
  };
}

export interface PostSeoInput {
  title: string;
  description: string;
  url: string;
  canonicalLink: string | null;
  imageUrl: string | null;
  imageAlt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  authorName: string | null;
  tags: string[];
  publisherName: string;
  crumbs: Crumb[];
}

export function postSeo(p: PostSeoInput): Seo {
  const canonical = p.canonicalLink ?? p.url;
  return {
    title: p.title,
    description: p.description,
    canonical,
    type: "article",
    image: p.imageUrl,
    imageAlt: p.imageAlt,
    article: { publishedTime: p.publishedAt, modifiedTime: p.updatedAt, author: p.authorName, tags: p.tags },
    siteName: p.crumbs[0]?.name ?? null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: p.title,
        description: p.description,
        mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
        url: p.url,
        ...(p.imageUrl ? { image: [p.imageUrl] } : {}),
        ...(p.publishedAt ? { datePublished: p.publishedAt } : {}),
        dateModified: p.updatedAt,
        ...(p.authorName ? { author: { "@type": "Person", name: p.authorName } } : {}),
        publisher: { "@type": "Organization", name: p.publisherName },
        ...(p.tags.length ? { keywords: p.tags.join(", ") } : {}),
      },
      breadcrumbJsonLd(p.crumbs),
    ],
  };
}

export interface ProductSeoInput {
  name: string;
  description: string;
  /** The product's canonical page (by slug, without `?variant=`). */
  url: string;
  imageUrl: string | null;
  imageAlt: string | null;
  currency: string;
  /** Digits after the decimal point of the currency (2 for EUR, 0 for JPY). */
  fractionDigits: number;
  /** The product's option names ("Size"), which its variants vary by. */
  optionNames: readonly string[];
  /** Every variant the page offers, each with its own price and stock. */
  variants: readonly SeoVariant[];
  crumbs: Crumb[];
}

export interface SeoVariant {
  id: string;
  /** One value per option, in the options' order ("50 ml"). */
  options: readonly string[];
  /** Minor units (ISO 4217) of the product's currency. */
  priceMinor: number;
  inStock: boolean;
}

/** Option names that are schema.org properties of a Product, as search engines read `variesBy`. */
const VARIANT_PROPERTIES: Readonly<Record<string, string>> = {
  size: "size",
  color: "color",
  colour: "color",
  material: "material",
  pattern: "pattern",
};

/**
 * A product's structured data. One variant: a Product with its Offer. Several: a ProductGroup whose
 * variants are Products of their own, each with its price, stock and address (`?variant=`), as
 * search engines read variants (schema.org `hasVariant`, `variesBy`).
 */
export function productSeo(p: ProductSeoInput): Seo {
  const offer = (v: SeoVariant, url: string) => ({
    "@type": "Offer",
    url,
    price: (v.priceMinor / 10 ** p.fractionDigits).toFixed(p.fractionDigits),
    priceCurrency: p.currency,
    availability: v.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
  });
  const image = p.imageUrl ? { image: [p.imageUrl] } : {};
  const [only] = p.variants;
  // Options that name a schema.org property of a product ("Size", "Farbe" is not one): [index, property].
  const known = p.optionNames.flatMap((name, index) => {
    const property = VARIANT_PROPERTIES[name.trim().toLowerCase()];
    return property ? [[index, property] as const] : [];
  });
  const product =
    p.variants.length === 1 && only
      ? {
          "@context": "https://schema.org",
          "@type": "Product",
          name: p.name,
          description: p.description,
          url: p.url,
          ...image,
          offers: offer(only, p.url),
        }
      : {
          "@context": "https://schema.org",
          "@type": "ProductGroup",
          name: p.name,
          description: p.description,
          url: p.url,
          ...image,
          ...(known.length > 0 ? { variesBy: known.map(([, property]) => `https://schema.org/${property}`) } : {}),
          hasVariant: p.variants.map((v) => {
            const url = `${p.url}?variant=${encodeURIComponent(v.id)}`;
            return {
              "@type": "Product",
              name: v.options.length > 0 ? `${p.name} – ${v.options.join(", ")}` : p.name,
              url,
              ...image,
              ...Object.fromEntries(known.map(([index, property]) => [property, v.options[index] ?? ""])),
              offers: offer(v, url),
            };
          }),
        };
  return {
    title: p.name,
    description: p.description,
    canonical: p.url,
    type: "product",
    image: p.imageUrl,
    imageAlt: p.imageAlt,
    siteName: p.crumbs[0]?.name ?? null,
    jsonLd: [product, breadcrumbJsonLd(p.crumbs)],
  };
}

/** A listing or page: canonical to itself (page n keeps `?page=n`; page 1 has none). */
export function pageSeo(p: { title: string; description: string; url: string; crumbs: Crumb[] }): Seo {
  return {
    title: p.title,
    description: p.description,
    canonical: p.url,
    type: "website",
    image: null,
    imageAlt: null,
    siteName: p.crumbs[0]?.name ?? null,
    jsonLd: p.crumbs.length > 1 ? [breadcrumbJsonLd(p.crumbs)] : [],
  };
}
