/** What the API takes as a slug (SlugSchema, input-schemas.ts): lowercase letters, digits, single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug from a name or title: "Färben & Föhnen" → "farben-fohnen", at most 80 characters. */
export const slugOf = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
