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
  url: string;
  imageUrl: string | null;
  imageAlt: string | null;
  /** Minor units (ISO 4217) and the currency's code. */
  priceMinor: number;
  currency: string;
  /** Digits after the decimal point of the currency (2 for EUR, 0 for JPY). */
  fractionDigits: number;
  inStock: boolean;
  crumbs: Crumb[];
}

export function productSeo(p: ProductSeoInput): Seo {
  return {
    title: p.name,
    description: p.description,
    canonical: p.url,
    type: "product",
    image: p.imageUrl,
    imageAlt: p.imageAlt,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: p.name,
        description: p.description,
        url: p.url,
        ...(p.imageUrl ? { image: [p.imageUrl] } : {}),
        offers: {
          "@type": "Offer",
          url: p.url,
          price: (p.priceMinor / 10 ** p.fractionDigits).toFixed(p.fractionDigits),
          priceCurrency: p.currency,
          availability: p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        },
      },
      breadcrumbJsonLd(p.crumbs),
    ],
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
    jsonLd: p.crumbs.length > 1 ? [breadcrumbJsonLd(p.crumbs)] : [],
  };
}
