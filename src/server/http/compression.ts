/**
 * Response compression that costs nothing where it cannot apply. Hono's compress() looks at the
 * response after the handler ran and adds `Vary: Accept-Encoding` to every compressible answer;
 * on @hono/node-server, adding a header to a finished `c.json()` response turns its lightweight
 * response into a full web Response, and its body into a web stream — a tenth of the server's CPU
 * time per booking, spent even for clients that accept no compression at all.
 *
 * So the request decides first: a client that accepts neither gzip nor deflate gets the handler's
 * response untouched (an uncompressed answer is right for every client, so it needs no Vary);
 * for one that does, `Vary` is set before the handler builds its response, then compress() runs.
 */
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/** An Accept-Encoding header admitting one of `codings` (or `*`), unless with `q=0`. */
const admitting = (codings: string) =>
  new RegExp(`(?:^|[\\s,])(?:${codings}|\\*)(?![^,]*;\\s*q=0(?:\\.0*)?\\s*(?:,|$))`, "i");
const ACCEPTS_COMPRESSION = admitting("gzip|deflate");

const ACCEPTS_GZIP = admitting("gzip");

declare module "hono" {
  interface ContextVariableMap {
    /** The route answered with a body it encoded itself (a kept answer's gzip bytes, kept-json.ts). */
    precompressed: boolean;
  }
}

/** Whether an Accept-Encoding header admits gzip or deflate (a `q=0` refuses that coding). */
export const acceptsCompression = (acceptEncoding: string | undefined): boolean =>
  acceptEncoding !== undefined && ACCEPTS_COMPRESSION.test(acceptEncoding);

/** Whether an Accept-Encoding header admits gzip itself. */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  acceptEncoding !== undefined && ACCEPTS_GZIP.test(acceptEncoding);

export function compression(): MiddlewareHandler {
  const compressIfWorthIt = compress();
  const nothing = async () => {};
  return async (c, next) => {
    if (!acceptsCompression(c.req.header("accept-encoding"))) return next();
    c.header("Vary", "Accept-Encoding");
    await next();
    // Bytes the route compressed once for many answers are sent as they are.
    if (c.get("precompressed")) return;
    return compressIfWorthIt(c, nothing);
  };
}
