/**
 * Importing a post from a Markdown file (issue 16): the file's front matter and body become the
 * input of a post, as if it had been written through the API. Pure: the caller resolves the author
 * and categories (named by slug) and writes the post, which sanitises the HTML like any other.
 *
 * A file may open with front matter between two `---` lines (YAML): title, slug, excerpt, tags,
 * categories, author, status, publishedAt, canonicalUrl, imageUrl, imageAlt. Without a title, the
 * first `# heading` is the title (and leaves the body); without a slug, the file's name is.
 */
import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import { slugify } from "../shared/slug.ts";

export { MAX_IMPORT_FILES, MAX_MARKDOWN_BYTES } from "./import-limits.ts";

export const FRONT_MATTER_KEYS = [
  "title",
  "slug",
  "excerpt",
  "tags",
  "categories",
  "author",
  "status",
  "publishedAt",
  "canonicalUrl",
  "imageUrl",
  "imageAlt",
] as const;

/** The post a file describes, its values as written (the post's own validation checks them). */
export interface ImportedPost {
  slug: unknown;
  title: unknown;
  bodyHtml: string;
  excerpt?: unknown;
  tags?: unknown;
  status?: unknown;
  publishAt?: unknown;
  canonicalLink?: unknown;
  imageUrl?: unknown;
  imageAlt?: unknown;
  /** Author slug (or id), to be resolved by the caller. */
  author?: unknown;
  /** Category slugs (or labels), to be resolved by the caller. */
  categories?: unknown;
}

export interface ImportIssue {
  path: string;
  code: "front_matter_invalid" | "front_matter_unknown_key";
  message: string;
}

export type ImportResult = { ok: true; value: ImportedPost } | { ok: false; errors: ImportIssue[] };

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Splits `---` front matter off the body; the front matter is parsed as YAML (a mapping). */
export function splitFrontMatter(
  markdown: string,
): { ok: true; data: Record<string, unknown>; body: string } | { ok: false; message: string } {
  const match = FRONT_MATTER.exec(markdown);
  if (!match) return { ok: true, data: {}, body: markdown.replace(/^\uFEFF/, "") };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "", { schema: "core", uniqueKeys: true });
  } catch (error) {
    return { ok: false, message: `The front matter is not valid YAML: ${(error as Error).message.split("\n")[0]}` };
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data)) {
    return { ok: false, message: "The front matter must be a list of `key: value` lines." };
  }
  return { ok: true, data: data as Record<string, unknown>, body: markdown.slice(match[0].length) };
}

/** A list written as a YAML list or as one comma-separated line. */
const list = (v: unknown) =>
  typeof v === "string"
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : v;
/** A YAML 1.1 timestamp becomes the ISO instant it names; anything else stays as written. */
const instant = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

const markdownToHtml = new Marked({ gfm: true, async: false });

/** The post a Markdown file describes (not yet validated, sanitised or stored). */
export function importMarkdown(fileName: string, markdown: string): ImportResult {
  const split = splitFrontMatter(markdown);
  if (!split.ok)
    return { ok: false, errors: [{ path: "frontMatter", code: "front_matter_invalid", message: split.message }] };
  const fm = split.data;
  const unknown = Object.keys(fm).filter((k) => !(FRONT_MATTER_KEYS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    return {
      ok: false,
      errors: unknown.map((k) => ({
        path: `frontMatter.${k}`,
        code: "front_matter_unknown_key",
        message: `Unknown front matter key; expected one of ${FRONT_MATTER_KEYS.join(", ")}.`,
      })),
    };
  }

  const tokens = markdownToHtml.lexer(split.body);
  let title: unknown = fm.title;
  if (title === undefined || title === null) {
    const index = tokens.findIndex((t) => t.type === "heading" && (t as Tokens.Heading).depth === 1);
    if (index >= 0) {
      title = (tokens[index] as Tokens.Heading).text.trim();
      tokens.splice(index, 1);
    }
  }
  const bodyHtml = markdownToHtml.parser(tokens).trim();
  const baseName = fileName.replace(/^.*[\\/]/, "").replace(/\.(md|markdown|mdown|txt)$/i, "");

  const post: ImportedPost = { slug: fm.slug ?? slugify(baseName, "post"), title: title ?? "", bodyHtml };
  const optional: [keyof ImportedPost, unknown][] = [
    ["excerpt", fm.excerpt],
    ["tags", list(fm.tags)],
    ["status", fm.status],
    ["publishAt", instant(fm.publishedAt)],
    ["canonicalLink", fm.canonicalUrl],
    ["imageUrl", fm.imageUrl],
    ["imageAlt", fm.imageAlt],
    ["author", fm.author],
    ["categories", list(fm.categories)],
  ];
  for (const [key, value] of optional) if (value !== undefined && value !== null) post[key] = value as never;
  return { ok: true, value: post };
}
