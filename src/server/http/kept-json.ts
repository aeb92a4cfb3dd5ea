/**
 * JSON answers that are handed out again as the same object (a kept free-slots answer, issue 22) are
 * serialised once: their bytes and an ETag of them are remembered for as long as the object lives.
 * A request that already holds that ETag gets 304 with no body. An answer computed afresh is a new
 * object and is serialised afresh, so the bytes can never outlive what they say.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { acceptsGzip } from "./compression.ts";
import { holdsEtag } from "./content-etag.ts";

interface Serialised {
  readonly body: Buffer;
  readonly etag: string;
  /** The body gzipped, made the first time a client that accepts gzip asks (browsers all do). */
  gzipped: Buffer | null;
}

const serialised = new WeakMap<object, Serialised>();

/** Smaller bodies are not worth compressing (hono's compress() threshold). */
const GZIP_FROM_BYTES = 1024;

function serialise(value: object): Serialised {
  const found = serialised.get(value);
  if (found) return found;
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const made = { body, etag, gzipped: null };
  serialised.set(value, made);
  return made;
}

/**
 * 200 with `value` as JSON (serialised once per object, and gzipped once for clients that accept
 * it) and its ETag, or 304 when the request already holds it. `no-cache`: a client may keep it but
 * asks again each time (the answer changes with every booking). `Vary: Accept-Encoding` is set by
 * the compression middleware for every client that accepts an encoding.
 */
export function keptJson(c: Context, value: object): Response {
  const kept = serialise(value);
  const headers = { etag: kept.etag, "cache-control": "no-cache" };
  if (holdsEtag(c.req.header("if-none-match"), kept.etag)) return c.body(null, 304, headers);
  if (kept.body.length >= GZIP_FROM_BYTES && acceptsGzip(c.req.header("accept-encoding"))) {
    kept.gzipped ??= gzipSync(kept.body);
    c.set("precompressed", true);
    // Another representation of the same answer: a weak validator, as compress() would make it.
    return c.body(view(kept.gzipped), 200, {
      ...headers,
      etag: `W/${kept.etag}`,
      "content-type": "application/json",
      "content-encoding": "gzip",
      "content-length": String(kept.gzipped.length),
    });
  }
  return c.body(view(kept.body), 200, {
    ...headers,
    "content-type": "application/json",
    "content-length": String(kept.body.length),
  });
}

/** The bytes as a plain Uint8Array over the same memory (no copy per answer). */
const view = (bytes: Buffer) => new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
