/**
 * A content page's `Seo` (src/core/content/seo.ts) as route meta: title, description, canonical,
 * Open Graph, Twitter card and JSON-LD. The root leaves out its own canonical and og:url when the
 * page's data carries `seo` (src/web/root.tsx), so each appears once.
 */
import type { MetaDescriptor } from "react-router";
import type { Seo } from "../../../core/content/seo.ts";

export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const tags: MetaDescriptor[] = [
    { title: seo.siteName && seo.siteName !== seo.title ? `${seo.title} – ${seo.siteName}` : seo.title },
    { name: "description", content: seo.description },
    { property: "og:type", content: seo.type },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
  ];
  if (seo.siteName) tags.push({ property: "og:site_name", content: seo.siteName });
  if (seo.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: seo.canonical });
    tags.push({ property: "og:url", content: seo.canonical });
  }
  if (seo.image) {
    tags.push({ property: "og:image", content: seo.image }, { name: "twitter:image", content: seo.image });
    if (seo.imageAlt) tags.push({ property: "og:image:alt", content: seo.imageAlt });
  }
  if (seo.article) {
    const a = seo.article;
    if (a.publishedTime) tags.push({ property: "article:published_time", content: a.publishedTime });
    tags.push({ property: "article:modified_time", content: a.modifiedTime });
    if (a.author) tags.push({ property: "article:author", content: a.author });
    for (const tag of a.tags) tags.push({ property: "article:tag", content: tag });
  }
  for (const ld of seo.jsonLd) tags.push({ "script:ld+json": ld });
  return tags;
}
