/**
 * Images of the content site (issue 16, ADR 0039): uploaded as the request body (any image type, or
 * `application/octet-stream`) or as the `file` part of a multipart form; kept as WebP variants at a
 * few widths and served publicly at `/images/<id>/<width>.webp` (src/server/routes/image-files.ts).
 * Posts and products name an image by its `url` (`/images/<id>`).
 */
import { imageIdOf, imagePath, MAX_IMAGE_BYTES, variantPath } from "../../../core/content/images.ts";
import type { ImageRecord } from "../../../app/content/images.ts";
import { processImage } from "../../../adapters/images/process-image.ts";
import { handle, json, problems, z } from "../../http/api-router.ts";
import { problem } from "../../http/problem.ts";
import { define, ids, reply, type BusinessApiDeps, type BusinessRouter } from "./business-routing.ts";

/** Where the upload is posted (src/server/app.ts lets this path's body be larger than the API's). */
export const IMAGE_UPLOAD_PATH = "/api/business/images";

const ImageSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: "What a post's imageUrl or a product's media url names it by" }),
    width: z.number().int().meta({ description: "Upright width in pixels" }),
    height: z.number().int(),
    sourceType: z.string().meta({ description: "The uploaded file's type, read from its bytes" }),
    sourceBytes: z.number().int(),
    createdAt: z.string(),
    variants: z.array(
      z.object({ width: z.number().int(), height: z.number().int(), byteSize: z.number().int(), url: z.string() }),
    ),
  })
  .openapi("Image");

const uploadImage = define.route({
  method: "post",
  path: "/images",
  summary: `Upload an image (JPEG, PNG, WebP or GIF, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB): kept as WebP at widths 320 to 1920 px, metadata removed`,
  request: {
    body: {
      required: true,
      content: {
        "image/*": { schema: z.string().meta({ format: "binary" }) },
        "application/octet-stream": { schema: z.string().meta({ format: "binary" }) },
        "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }) }) },
      },
    },
  },
  responses: {
    201: json(ImageSchema, "The stored image"),
    ...problems("PAYLOAD_TOO_LARGE", "IMAGE_TYPE", "IMAGE_UNREADABLE", "IMAGE_TOO_MANY_PIXELS", "VALIDATION_FAILED"),
  },
});

const listImages = define.list("/images", ImageSchema, "The business's images, newest first");
const getImage = define.get("/images/{imageId}", ids("imageId"), ImageSchema, "An image");
const deleteImage = define.remove(
  "/images/{imageId}",
  ids("imageId"),
  "Remove an image (pages that name it no longer show it)",
);

const view = (image: ImageRecord) => ({
  ...image,
  url: imagePath(image.id),
  variants: image.variants.map((v) => ({ ...v, url: variantPath(image.id, v.width) })),
});

const tooLarge = (c: Parameters<typeof problem>[0]) =>
  problem(c, 413, "PAYLOAD_TOO_LARGE", `An image may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB.`);

const MESSAGES = {
  IMAGE_TYPE: "This file is not a JPEG, PNG, WebP or GIF image (its first bytes say what it is, not its name).",
  IMAGE_UNREADABLE: "This image cannot be read: the file is damaged or incomplete.",
  IMAGE_TOO_MANY_PIXELS: "This image has too many pixels (at most 40 megapixels).",
} as const;
const STATUS = { IMAGE_TYPE: 415, IMAGE_UNREADABLE: 400, IMAGE_TOO_MANY_PIXELS: 400 } as const;

/**
 * The path of the first uploaded image an input names that is not one of this business's (refused
 * as REFERENCE_NOT_FOUND, as another business's author or product is), or null.
 */
export async function unknownImage(
  deps: BusinessApiDeps,
  businessId: string,
  named: readonly { readonly path: string; readonly url: string | null | undefined }[],
): Promise<string | null> {
  const uploaded = named.flatMap(({ path, url }) => {
    const id = url ? imageIdOf(url) : null;
    return id ? [{ path, id }] : [];
  });
  if (uploaded.length === 0) return null;
  const store = deps.images(businessId);
  for (const { path, id } of uploaded) if (!(await store.get(id))) return path;
  return null;
}

export function imageRoutes(api: BusinessRouter, deps: BusinessApiDeps) {
  handle(api, uploadImage, async (c) => {
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > MAX_IMAGE_BYTES + 64 * 1024) return tooLarge(c);
    let bytes: Uint8Array;
    if (/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get("file");
      if (!(file instanceof File))
        return problem(c, 400, "VALIDATION_FAILED", "The request is not valid.", {
          errors: [{ path: "file", code: "required", message: "Send the image as the form's `file` part." }],
        });
      bytes = new Uint8Array(await file.arrayBuffer());
    } else {
      bytes = new Uint8Array(await c.req.arrayBuffer());
    }
    if (bytes.byteLength > MAX_IMAGE_BYTES) return tooLarge(c);
    const outcome = await processImage(bytes);
    if (!outcome.ok) return problem(c, STATUS[outcome.code], outcome.code, MESSAGES[outcome.code]);
    const saved = await deps.images(c.var.repo.businessId).save(outcome.image);
    return c.json(view(saved), 201);
  });
  handle(api, listImages, async (c) => c.json((await deps.images(c.var.repo.businessId).list()).map(view)));
  handle(api, getImage, async (c) =>
    reply.found(c, await deps.images(c.var.repo.businessId).get(c.req.valid("param").imageId), "image", view),
  );
  handle(api, deleteImage, async (c) =>
    (await deps.images(c.var.repo.businessId).remove(c.req.valid("param").imageId))
      ? c.body(null, 204)
      : problem(c, 404, "NOT_FOUND", "No image with this id."),
  );
}
