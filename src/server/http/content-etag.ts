/**
 * Validators for pages that are the same for every visitor: a response whose Cache-Control is
 * `public` gets an ETag of its body, and a request that already holds it gets 304 with no body.
 * The per-response CSP nonce React Router stamps on stylesheet links is left out of the hash: it
 * has no effect there (style-src is 'self'), and a page that carries executable script — where a
 * nonce matters — gets no ETag at all.
 */
import { createHash } from "node:crypto";

const EXECUTABLE_SCRIPT = /<script(?![^>]*type="application\/ld\+json")/i;

export async function withEtag(request: Request, response: Response): Promise<Response> {
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (request.method !== "GET" || response.status !== 200 || !/\bpublic\b/.test(cacheControl)) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const text = body.toString("utf8");
  if (EXECUTABLE_SCRIPT.test(text)) return new Response(body, response);
  const hashed = text.replace(/ nonce="[^"]*"/g, "");
  const etag = `"${createHash("sha256").update(hashed).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  if (holdsEtag(request.headers.get("if-none-match") ?? undefined, etag)) {
    headers.delete("content-length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for GET), or is `*`. */
export function holdsEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const held = tag.trim().replace(/^W\//, "");
    return held === "*" || held === etag;
  });
}
