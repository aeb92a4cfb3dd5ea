/**
 * The owner's console login for a new business (`npm run business:create -- --owner-email …`):
 * created without a password, with a link — printed by the command — to choose one. Nothing is
 * emailed: whoever runs the command is the owner or hands the link over.
 */
import { createBusinessWithKey } from "../business/create-business.ts";
import type { BusinessDirectory, BusinessView, NewBusiness, Result } from "../business/ports.ts";
import { createLogin, issueLink, type AccountDeps } from "./accounts.ts";

/** How long the printed link works: a day, time enough to pass it on. */
export const OWNER_LINK_VALID_MINUTES = 24 * 60;

export type OwnerLogin =
  | { readonly ok: true; readonly email: string; readonly setPasswordLink: string }
  | { readonly ok: false; readonly error: "EMAIL_TAKEN" };

/** Whether the address is still free to be a login (checked before the business is created). */
export const isLoginFree = async (deps: Pick<AccountDeps, "store">, email: string) =>
  (await deps.store.findUserByEmail(email)) === null;

export async function createOwnerLogin(
  deps: Pick<AccountDeps, "store" | "passwords" | "clock" | "publicUrl">,
  business: Pick<BusinessView, "id" | "locale">,
  owner: { readonly email: string; readonly name: string },
): Promise<OwnerLogin> {
  const login = await createLogin(deps, {
    businessId: business.id,
    email: owner.email,
    name: owner.name,
    role: "owner",
    locale: business.locale,
  });
  if (!login.ok) return { ok: false, error: "EMAIL_TAKEN" };
  const setPasswordLink = await issueLink(deps, "password_reset", login.user, OWNER_LINK_VALID_MINUTES);
  return { ok: true, email: login.user.email, setPasswordLink };
}

type OwnerDeps = Pick<AccountDeps, "store" | "passwords" | "clock" | "publicUrl">;

/**
 * A new business, its first API key and — when an owner is named — the owner's login with its
 * set-password link. The address is checked first, so a taken one creates nothing.
 */
export async function createBusinessWithOwner(
  directory: BusinessDirectory,
  accounts: OwnerDeps,
  input: Omit<NewBusiness, "slug"> & {
    readonly slug?: string;
    readonly owner?: { readonly email: string; readonly name: string };
  },
): Promise<Result<{ business: BusinessView; key: string; owner: { email: string; setPasswordLink: string } | null }>> {
  const { owner, ...fields } = input;
  if (owner && !(await isLoginFree(accounts, owner.email)))
    return { ok: false, error: { code: "EMAIL_TAKEN", path: "owner.email" } };
  const created = await createBusinessWithKey(directory, fields);
  if (!created.ok) return created;
  if (!owner) return { ok: true, value: { ...created.value, owner: null } };
  const login = await createOwnerLogin(accounts, created.value.business, owner);
  if (!login.ok) return { ok: false, error: { code: "EMAIL_TAKEN", path: "owner.email" } };
  return {
    ok: true,
    value: { ...created.value, owner: { email: login.email, setPasswordLink: login.setPasswordLink } },
  };
}
