/**
 * A URL slug from free text (a business's name, a Markdown file's name): accents dropped, lowercase
 * letters and digits joined by single hyphens, at most 60 characters; `fallback` when nothing is left.
 */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug === "" ? fallback : slug;
}
