/**
 * The one way a secret token handed to someone (an API key, a manage link, a preview link, a console
 * session, a feed URL, a file reference) is kept: only its SHA-256 is stored, so a leaked table grants
 * nothing. The tokens carry 256 random bits, so a fast hash is enough; passwords use argon2 instead.
 */
import { createHash } from "node:crypto";

export const hashSecretToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");
