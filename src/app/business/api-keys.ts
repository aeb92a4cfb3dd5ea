/**
 * Business API keys: `bk_` + 256 random bits (base64url). The key is shown once; only its SHA-256
 * hash is stored, and a presented key is compared with the stored hash in constant time. Keys are
 * never logged (the logger redacts Authorization headers; nothing here logs).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { ApiKeyView, BusinessDirectory, BusinessRepository } from "./ports.ts";
import { hashSecretToken } from "../shared/secret-token.ts";

const KEY_BYTES = 32;
const KEY_FORMAT = /^bk_[A-Za-z0-9_-]{43}$/;
/** Characters of the key kept for listings: "bk_" and 8 of its 43 random characters (48 bits). */
const PREFIX_LENGTH = 11;

export const generateApiKey = (): string => `bk_${randomBytes(KEY_BYTES).toString("base64url")}`;

export const isApiKeyFormat = (value: string | null | undefined): value is string =>
  typeof value === "string" && KEY_FORMAT.test(value);

/** Creates a key for the business and returns it with its listing; the caller shows `key` once. */
export async function issueApiKey(
  repo: BusinessRepository,
  name: string,
): Promise<{ key: string; apiKey: ApiKeyView }> {
  const key = generateApiKey();
  const apiKey = await repo.createApiKey({ name, prefix: key.slice(0, PREFIX_LENGTH), keyHash: hashSecretToken(key) });
  return { key, apiKey };
}

/** The business a presented key belongs to, or null (malformed, unknown or revoked). */
export async function authenticateApiKey(
  directory: Pick<BusinessDirectory, "findKeyOwner">,
  presented: string | null | undefined,
): Promise<string | null> {
  if (!isApiKeyFormat(presented)) return null;
  const hash = hashSecretToken(presented);
  const owner = await directory.findKeyOwner(hash);
  // The lookup is by hash (an index), so it reveals nothing about the key; the constant-time
  // comparison guards against a store that would match loosely (e.g. a prefix or case-folding).
  if (!owner) return null;
  const given = Buffer.from(hash, "hex");
  const stored = Buffer.from(owner.keyHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored) ? owner.businessId : null;
}
