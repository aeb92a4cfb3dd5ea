/**
 * The owner's team (issue 18): who signs in to the business's console. An owner invites a login by
 * email — an owner, or staff standing for one staff member — and the invitation carries a one-time
 * link to choose a password (the reset link's machinery: 256 random bits, stored hashed, in the
 * URL's fragment, expiring). A login can be invited again, changed or removed; removing it ends
 * its sessions at once. The business always keeps an owner (the store checks under a lock).
 */
import type { ConsoleRole } from "../../core/console/staff-access.ts";
import { createLogin, issueLink, type AccountDeps } from "./accounts.ts";
import type { ConsoleUser, TeamMember, TeamRefusal } from "./ports.ts";

/** How long an invitation's link works: three days, time to see it after a weekend. */
export const INVITE_VALID_MINUTES = 3 * 24 * 60;

export type TeamError = TeamRefusal | "EMAIL_TAKEN" | "STAFF_REQUIRED" | "STAFF_NOT_FOUND" | "ALREADY_JOINED";
export type TeamResult<T> = { ok: true; value: T } | { ok: false; error: TeamError };

type TeamDeps = Pick<AccountDeps, "store" | "passwords" | "clock" | "publicUrl">;

export interface MemberRole {
  readonly role: ConsoleRole;
  /** The staff member a staff login stands for; required for staff, none for an owner. */
  readonly staffId?: string | null | undefined;
}

/** The staff member the role needs, checked to be the business's. */
async function staffOfRole(deps: TeamDeps, businessId: string, input: MemberRole): Promise<TeamResult<string | null>> {
  if (input.role === "owner") return { ok: true, value: null };
  if (!input.staffId) return { ok: false, error: "STAFF_REQUIRED" };
  if (!(await deps.store.isStaffOf(businessId, input.staffId))) return { ok: false, error: "STAFF_NOT_FOUND" };
  return { ok: true, value: input.staffId };
}

export const listTeam = (deps: TeamDeps, businessId: string): Promise<TeamMember[]> => deps.store.listTeam(businessId);

async function memberView(deps: TeamDeps, businessId: string, userId: string): Promise<TeamMember> {
  const member = (await deps.store.listTeam(businessId)).find((m) => m.id === userId);
  if (!member) throw new Error(`login ${userId} vanished while it was being changed`);
  return member;
}

async function sendInvitation(deps: TeamDeps, user: ConsoleUser, invitedBy: ConsoleUser): Promise<void> {
  await deps.store.queueEmail(user.businessId, {
    kind: "invite",
    to: { name: user.name, email: user.email },
    locale: user.locale,
    link: await issueLink(deps, "password_reset", user, INVITE_VALID_MINUTES),
    businessName: await deps.store.businessName(user.businessId),
    validMinutes: INVITE_VALID_MINUTES,
    invitedBy: invitedBy.name,
  });
}

/** A new login without a password, and the email inviting it to choose one (in the business's language). */
export async function invite(
  deps: TeamDeps,
  owner: ConsoleUser,
  input: MemberRole & { readonly email: string; readonly name: string; readonly locale: string },
): Promise<TeamResult<TeamMember>> {
  const staffId = await staffOfRole(deps, owner.businessId, input);
  if (!staffId.ok) return staffId;
  const created = await createLogin(deps, {
    businessId: owner.businessId,
    email: input.email,
    name: input.name.trim(),
    role: input.role,
    staffId: staffId.value,
    locale: input.locale,
  });
  if (!created.ok) return { ok: false, error: "EMAIL_TAKEN" };
  await sendInvitation(deps, created.user, owner);
  return { ok: true, value: await memberView(deps, owner.businessId, created.user.id) };
}

/** The invitation again, with a new link; the earlier link stops working. Only before a password was chosen. */
export async function inviteAgain(deps: TeamDeps, owner: ConsoleUser, userId: string): Promise<TeamResult<null>> {
  const user = await deps.store.findUser(owner.businessId, userId);
  if (!user) return { ok: false, error: "NOT_FOUND" };
  if (user.passwordHash !== null) return { ok: false, error: "ALREADY_JOINED" };
  await deps.store.spendLinksOf(user, "password_reset", deps.clock());
  await sendInvitation(deps, user, owner);
  return { ok: true, value: null };
}

export async function changeMember(
  deps: TeamDeps,
  businessId: string,
  userId: string,
  change: Partial<MemberRole>,
): Promise<TeamResult<TeamMember>> {
  const user = await deps.store.findUser(businessId, userId);
  if (!user) return { ok: false, error: "NOT_FOUND" };
  const wanted: MemberRole = {
    role: change.role ?? user.role,
    staffId: change.staffId === undefined ? user.staffId : change.staffId,
  };
  const staffId = await staffOfRole(deps, businessId, wanted);
  if (!staffId.ok) return staffId;
  const changed = await deps.store.changeMember(businessId, userId, { role: wanted.role, staffId: staffId.value });
  if (!changed.ok) return changed;
  return { ok: true, value: await memberView(deps, businessId, userId) };
}

export async function removeMember(deps: TeamDeps, businessId: string, userId: string): Promise<TeamResult<null>> {
  const removed = await deps.store.removeMember(businessId, userId);
  return removed.ok ? { ok: true, value: null } : removed;
}
