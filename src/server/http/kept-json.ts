/**
 * JSON answers that are handed out again as the same object (a kept free-slots answer, issue 22) are
 * serialised once: their bytes and an ETag of them are remembered for as long as the object lives.
 * A request that already holds that ETag gets 304 with no body. An answer computed afresh is a new
 * object and is serialised afresh, so the bytes can never outlive what they say.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import { holdsEtag } from "./content-etag.ts";

interface Serialised {
  readonly body: string;
  readonly etag: string;
}

const serialised = new WeakMap<object, Serialised>();

function serialise(value: object): Serialised {
  const found = serialised.get(value);
  if (found) return found;
  const body = JSON.stringify(value);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const made = { body, etag };
  serialised.set(value, made);
  return made;
}

/**
 * 200 with `value` as JSON (serialised once per object) and its ETag, or 304 when the request
 * already holds it. `no-cache`: a client may keep it but asks again each time (the answer changes
 * with every booking).
 */
export function keptJson(c: Context, value: object): Response {
  const { body, etag } = serialise(value);
  const headers = { etag, "cache-control": "no-cache" };
  if (holdsEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  return c.body(body, 200, { ...headers, "content-type": "application/json" });
}
