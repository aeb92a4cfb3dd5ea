/**
 * Format of manage tokens: 32 random bytes in base64url (43 characters, 256 bits). Generation and
 * hashing live in src/app/bookings/manage-token.ts (they need node:crypto); this only recognises
 * the shape, so malformed input is refused before any lookup.
 */
export const MANAGE_TOKEN_BYTES = 32;
export const MANAGE_TOKEN_LENGTH = 43;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isManageTokenFormat = (value: string | null | undefined): value is string =>
  typeof value === "string" && TOKEN_PATTERN.test(value);
