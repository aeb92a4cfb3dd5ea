/**
 * A new business and its first API key (the `business:create` CLI). The slug is derived from the
 * name; when taken, a short random suffix is added.
 */
import { randomBytes } from "node:crypto";
import { slugify } from "../../core/shared/slug.ts";
import { issueApiKey } from "./api-keys.ts";
import type { BusinessDirectory, BusinessView, CreateOptions, NewBusiness, Result } from "./ports.ts";

export async function createBusiness(
  directory: BusinessDirectory,
  input: Omit<NewBusiness, "slug"> & { readonly slug?: string },
  options?: CreateOptions,
): Promise<Result<BusinessView>> {
  const base = input.slug ?? slugify(input.name, "business");
  let result = await directory.createBusiness({ ...input, slug: base }, options);
  for (
    let attempt = 0;
    attempt < 5 && !result.ok && result.error.code === "SLUG_TAKEN" && input.slug === undefined;
    attempt++
  ) {
    result = await directory.createBusiness({ ...input, slug: `${base}-${randomBytes(3).toString("hex")}` }, options);
  }
  return result;
}

/** The CLI's path: the business and a first key, shown once by the caller. */
export async function createBusinessWithKey(
  directory: BusinessDirectory,
  input: Omit<NewBusiness, "slug"> & { readonly slug?: string },
): Promise<Result<{ business: BusinessView; key: string }>> {
  const created = await createBusiness(directory, input);
  if (!created.ok) return created;
  const { key } = await issueApiKey(directory.forBusiness(created.value.id), "First key (business:create)");
  return { ok: true, value: { business: created.value, key } };
}

/** Another key for an existing business, by slug (`npm run business:key`): for a key that was lost. */
export async function issueKeyForBusiness(
  directory: BusinessDirectory,
  slug: string,
  name: string,
): Promise<Result<{ business: BusinessView; key: string }>> {
  const id = await directory.findBusinessId(slug);
  if (!id) return { ok: false, error: { code: "NOT_FOUND" } };
  const repo = directory.forBusiness(id);
  const business = await repo.getBusiness();
  if (!business) return { ok: false, error: { code: "NOT_FOUND" } };
  const { key } = await issueApiKey(repo, name);
  return { ok: true, value: { business, key } };
}
