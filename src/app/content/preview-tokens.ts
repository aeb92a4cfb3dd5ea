/**
 * Preview tokens (issue 16): `pv_` + 256 random bits (base64url), shown once; only the SHA-256 is
 * stored. A preview page opens with a token of the business that owns what it shows, unexpired and
 * unrevoked, checked against the request's clock.
 */
import { randomBytes } from "node:crypto";
import type { ContentRepository, PreviewTokenRecord } from "./ports.ts";
import { hashSecretToken } from "../shared/secret-token.ts";

const TOKEN_FORMAT = /^pv_[A-Za-z0-9_-]{43}$/;

export const isPreviewTokenFormat = (value: string | null | undefined): value is string =>
  typeof value === "string" && TOKEN_FORMAT.test(value);

export async function issuePreviewToken(
  repo: ContentRepository,
  input: { label?: string; expiresInMinutes: number },
  now: Date,
): Promise<{ token: string; previewToken: PreviewTokenRecord }> {
  const token = `pv_${randomBytes(32).toString("base64url")}`;
  const previewToken = await repo.createPreviewToken({
    label: input.label ?? "",
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(now.getTime() + input.expiresInMinutes * 60_000),
  });
  return { token, previewToken };
}

/**
 * The business whose previews `presented` opens at `now`, or null: malformed, unknown, expired or
 * revoked tokens are all the same null (the page answers 404). The lookup is by hash, an index.
 */
export async function previewBusinessOf(
  lookup: (tokenHash: string, now: Date) => Promise<string | null>,
  presented: string | null | undefined,
  now: Date,
): Promise<string | null> {
  if (!isPreviewTokenFormat(presented)) return null;
  return lookup(hashSecretToken(presented), now);
}
