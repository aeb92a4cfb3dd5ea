/**
 * Manage tokens: 256 random bits (base64url), never derived from booking data, stored only as a
 * SHA-256 hash and compared in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { isManageTokenFormat, MANAGE_TOKEN_BYTES } from "../../core/booking/manage-token.ts";

export const generateManageToken = (): string => randomBytes(MANAGE_TOKEN_BYTES).toString("base64url");

export const hashManageToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/** Whether `token` is the one whose hash is stored; malformed tokens never match. */
export function verifyManageToken(token: string | null | undefined, storedHash: string): boolean {
  if (!isManageTokenFormat(token)) return false;
  const given = Buffer.from(hashManageToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
