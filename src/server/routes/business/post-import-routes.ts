/**
 * Importing posts from Markdown files (issue 16): `POST /posts/import` with `{files: [{name, markdown}]}`,
 * or the files themselves as the `files` parts of a multipart form (the same limits).
 * Each file becomes a post exactly as if it had been written with `POST /posts` — the same
 * validation, the same sanitiser on write, the same 409 for a slug in use — and each file stands
 * alone: one refused file does not keep the others out (all-or-nothing per file, not per request).
 * The answer lists every file: created (id, slug) or refused with the problem `POST /posts` would
 * have answered, in the request's language.
 */
import { createPost } from "../../../app/content/write-post.ts";
import type { ContentRepository } from "../../../app/content/ports.ts";
import { importMarkdown, MAX_IMPORT_FILES, MAX_MARKDOWN_BYTES } from "../../../core/content/markdown-import.ts";
import { handle, json, jsonBody, ProblemSchema, problems, z } from "../../http/api-router.ts";
import { problem, validationProblem } from "../../http/problem.ts";
import { businessProblem, define, REFUSALS, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";
import { PostCreateSchema } from "./content-schemas.ts";
import { unknownImage } from "./image-routes.ts";

/** Where the import is posted (src/server/app.ts lets this path's body be larger than the API's). */
export const POST_IMPORT_PATH = "/api/business/posts/import";
/** The largest import body: every file at its largest, JSON escaping included. */
export const MAX_IMPORT_BODY_BYTES = 2 * MAX_IMPORT_FILES * MAX_MARKDOWN_BYTES + 64 * 1024;

const ImportSchema = z
  .strictObject({
    files: z
      .array(
        z.strictObject({
          name: z.string().trim().min(1, "must not be empty").max(255).meta({ description: "e.g. breathing.md" }),
          markdown: z
            .string()
            .meta({ description: `Markdown with optional front matter; at most ${MAX_MARKDOWN_BYTES / 1024} KB` }),
        }),
      )
      .min(1, "send at least one file")
      .max(MAX_IMPORT_FILES, `at most ${MAX_IMPORT_FILES} files per import`),
  })
  .openapi("PostImport");

const ImportReportSchema = z
  .object({
    created: z.number().int(),
    refused: z.number().int(),
    files: z.array(
      z.object({
        name: z.string(),
        status: z.number().int().meta({ description: "201 when created, else the refusal's status" }),
        post: z.object({ id: z.string(), slug: z.string(), url: z.string() }).optional(),
        problem: ProblemSchema.optional().meta({ description: "What POST /posts would have answered" }),
      }),
    ),
  })
  .openapi("PostImportReport");

const importPosts = define.route({
  method: "post",
  path: "/posts/import",
  summary:
    `Import posts from Markdown files (front matter: title, slug, excerpt, tags, categories, author, status, ` +
    `publishedAt, canonicalUrl, imageUrl, imageAlt); at most ${MAX_IMPORT_FILES} files of ` +
    `${MAX_MARKDOWN_BYTES / 1024} KB, as JSON or as a multipart form's \`files\` parts; each file is created or ` +
    `refused on its own`,
  request: {
    body: {
      required: true,
      content: {
        ...jsonBody(ImportSchema).content,
        "multipart/form-data": {
          schema: z.object({
            files: z
              .array(z.string().meta({ format: "binary" }))
              .meta({ description: "One part per Markdown file, named by its file name" }),
          }),
        },
      },
    },
  },
  responses: {
    200: json(ImportReportSchema, "One entry per file, in order"),
    ...problems(...REFUSALS.body, "PAYLOAD_TOO_LARGE"),
  },
});

type Report = z.infer<typeof ImportReportSchema>["files"];
/** A refusal as the file's entry: the status and problem document the post API would have answered. */
const refusalOf = async (name: string, response: Response): Promise<Report[number]> => ({
  name,
  status: response.status,
  problem: (await response.json()) as z.infer<typeof ProblemSchema>,
});

/**
 * A multipart import's `files` parts as the JSON import names them: each file's name and text
 * (UTF-8). A part that is not a file stays as it is, for the schema to refuse at its place.
 */
async function formFiles(request: Request): Promise<unknown> {
  const form = await request.formData().catch(() => null);
  if (!form) return {};
  const parts = form.getAll("files");
  return {
    files: await Promise.all(
      parts.map(async (part) => (part instanceof File ? { name: part.name, markdown: await part.text() } : part)),
    ),
  };
}

/** Author and categories are named by slug (or id) in front matter; the post takes their ids. */
async function references(content: ContentRepository) {
  const [authors, categories] = await Promise.all([content.listAuthors(), content.listCategories()]);
  return {
    author: (name: unknown) =>
      typeof name === "string" ? authors.find((a) => a.slug === name || a.id === name)?.id : undefined,
    category: (name: unknown) =>
      typeof name === "string"
        ? categories.find((c) => c.slug === name || c.id === name || c.label.toLowerCase() === name.toLowerCase())?.id
        : undefined,
  };
}

export function postImportRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, importPosts, async (c) => {
    const isForm = /^multipart\/form-data/i.test(c.req.header("content-type") ?? "");
    // JSON was checked on the way in; a form's parts are checked here against the same schema.
    const input = ImportSchema.safeParse(isForm ? await formFiles(c.req.raw) : c.req.valid("json"));
    if (!input.success) return validationProblem(c, input.error);
    const { files } = input.data;
    const refs = await references(c.var.content);
    const report: Report = [];

    for (const file of files) {
      const refuse = async (response: Response) => {
        report.push(await refusalOf(file.name, response));
      };
      if (Buffer.byteLength(file.markdown, "utf8") > MAX_MARKDOWN_BYTES) {
        await refuse(
          problem(c, 413, "PAYLOAD_TOO_LARGE", `A Markdown file may be at most ${MAX_MARKDOWN_BYTES / 1024} KB.`),
        );
        continue;
      }
      const imported = importMarkdown(file.name, file.markdown);
      if (!imported.ok) {
        await refuse(problem(c, 400, "VALIDATION_FAILED", "The request is not valid.", { errors: imported.errors }));
        continue;
      }
      const { author, categories, ...fields } = imported.value;
      const authorId = author === undefined ? undefined : (refs.author(author) ?? null);
      const categoryList = Array.isArray(categories) ? categories : categories === undefined ? [] : [categories];
      const categoryIds = categoryList.map((name) => refs.category(name) ?? null);
      const missing =
        author !== undefined && authorId === null
          ? "frontMatter.author"
          : categoryIds.includes(null)
            ? `frontMatter.categories.${categoryIds.indexOf(null)}`
            : null;
      if (missing) {
        await refuse(businessProblem(c, { code: "REFERENCE_NOT_FOUND", path: missing }, "post"));
        continue;
      }
      const parsed = PostCreateSchema.safeParse({
        ...fields,
        ...(authorId ? { authorId } : {}),
        ...(categoryIds.length > 0 ? { categoryIds } : {}),
      });
      if (!parsed.success) {
        await refuse(validationProblem(c, parsed.error));
        continue;
      }
      const cover = await unknownImage(deps, c.var.repo.businessId, [{ path: "imageUrl", url: parsed.data.imageUrl }]);
      if (cover) {
        await refuse(businessProblem(c, { code: "REFERENCE_NOT_FOUND", path: cover }, "post"));
        continue;
      }
      const written = await createPost(c.var.content, parsed.data, deps.clock());
      if (!written.ok) {
        await refuse(businessProblem(c, written.error, "post"));
        continue;
      }
      const { id, slug } = written.value;
      report.push({ name: file.name, status: 201, post: { id, slug, url: `${deps.publicUrl}/b/${slug}` } });
    }
    const created = report.filter((f) => f.status === 201).length;
    return c.json({ created, refused: report.length - created, files: report }, 200);
  });
}
