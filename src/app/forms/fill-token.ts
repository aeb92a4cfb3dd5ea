/**
 * The minimum fill time (issue 15, spam protection): the page carries the time it was served,
 * signed with the server secret; a submission sent sooner than MIN_FILL_MS after it, or with a
 * token that does not verify, is refused — bots post at once, people take seconds.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const MIN_FILL_MS = 2000;
/** A page left open longer than this gets a fresh token on its next post. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const sign = (secret: string, issued: string) =>
  createHmac("sha256", secret).update(`form-fill:${issued}`).digest("base64url");

export function issueFillToken(secret: string, now: Date): string {
  const issued = String(now.getTime());
  return `${issued}.${sign(secret, issued)}`;
}

export type FillCheck = "ok" | "too-fast" | "invalid";

export function checkFillToken(secret: string, token: string | undefined, now: Date): FillCheck {
  const [issued, signature] = (token ?? "").split(".");
  if (!issued || !signature || !/^\d{1,15}$/.test(issued)) return "invalid";
  const expected = Buffer.from(sign(secret, issued));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  const age = now.getTime() - Number(issued);
  if (age > MAX_AGE_MS || age < 0) return "invalid";
  return age < MIN_FILL_MS ? "too-fast" : "ok";
}
