/**
 * Uploaded images, served publicly (ADR 0039): `/images/<id>/<width>.webp`, one of the widths the
 * image is kept at. A variant never changes once stored (a new upload gets a new id), so it is cached
 * for a year as immutable, with a strong ETag of its address for the revalidations some caches make
 * anyway. The id is random: an image is reachable only through the pages that show it.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { PublicImages } from "../../app/content/images.ts";
import { imageIdOf, parseVariantPath, variantPath } from "../../core/content/images.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";

export function imageFiles(app: OpenAPIHono, images: PublicImages) {
  // `/images/<id>`, the address posts and products name an image by: its widest variant (a feed's
  // or a shared link's image). Variants can be removed with the image, so this is not cached long.
  app.get("/images/:id", async (c) => {
    const id = imageIdOf(c.req.path);
    const width = id ? await images.widestWidth(id) : null;
    if (!id || width === null) {
      c.header("Cache-Control", "no-store");
      return c.text("Not Found", 404);
    }
    c.header("Cache-Control", "public, max-age=3600");
    return c.redirect(variantPath(id, width), 302);
  });
  app.on(["GET", "HEAD"], "/images/:id/:file", async (c) => {
    const asked = parseVariantPath(c.req.path);
    const variant = asked ? await images.variant(asked.id, asked.width) : null;
    if (!asked || !variant) {
      c.header("Cache-Control", "no-store");
      return c.text("Not Found", 404);
    }
    const etag = `"${asked.id}-${asked.width}"`;
    const headers = {
      "Cache-Control": IMMUTABLE,
      ETag: etag,
      "Content-Type": variant.contentType,
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "cross-origin",
    };
    const match = c.req.header("if-none-match");
    if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
      return new Response(null, { status: 304, headers });
    return new Response(c.req.method === "HEAD" ? null : (variant.content as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: { ...headers, "Content-Length": String(variant.content.byteLength) },
    });
  });
}
