/**
 * Manage tokens: 256 random bits (base64url), never derived from booking data, stored only as a
 * SHA-256 hash and compared in constant time.
 */
import { randomFillSync, timingSafeEqual } from "node:crypto";
import { isManageTokenFormat, MANAGE_TOKEN_BYTES } from "../../core/booking/manage-token.ts";
import { hashSecretToken } from "../shared/secret-token.ts";

/**
 * Random bytes are drawn from the CSPRNG a page at a time and each token takes its own 32 (the
 * way node's randomUUID pools its entropy): one OpenSSL call per 128 tokens instead of one per
 * token, which was a tenth of a booking's application CPU. Bytes are wiped once used.
 */
const POOL_BYTES = MANAGE_TOKEN_BYTES * 128;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

export function generateManageToken(): string {
  if (poolOffset + MANAGE_TOKEN_BYTES > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.toString("base64url", poolOffset, poolOffset + MANAGE_TOKEN_BYTES);
  pool.fill(0, poolOffset, poolOffset + MANAGE_TOKEN_BYTES);
  poolOffset += MANAGE_TOKEN_BYTES;
  return token;
}

/** Stands in for the hash of a booking that does not exist: compared all the same, it never matches. */
const NO_BOOKING_HASH = "0".repeat(64);

/**
 * Whether `token` is the one whose hash is stored; malformed tokens never match. Without a stored hash (no
 * such booking) the token is still compared, against a stand-in, so timing does not tell a missing booking
 * from a wrong token and booking ids cannot be probed.
 */
export function verifyManageToken(token: string | null | undefined, storedHash: string | undefined): boolean {
  const matches = isManageTokenFormat(token) && matchesHash(token, storedHash ?? NO_BOOKING_HASH);
  return matches && storedHash !== undefined;
}

/** Whether `secret` is the one whose SHA-256 (hex) was stored, compared in constant time. */
export function matchesHash(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecretToken(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
