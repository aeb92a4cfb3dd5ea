/**
 * Signing in to the business console (issue 18): password, or a one-time link by email; sessions
 * kept server-side, so signing out or resetting a password ends them at once; a password reset by
 * email. Nothing here tells an unknown address from a known one — the answers and the time taken
 * are the same — so the sign-in form cannot be used to find out who has an account.
 */
import { randomBytes } from "node:crypto";
import { passwordProblem, type PasswordProblem } from "../../core/console/password-policy.ts";
import type { ConsoleActor } from "../../core/console/staff-access.ts";
import { browserSummary, type BrowserSummary } from "../../core/console/user-agent.ts";
import type { ConsoleStore, ConsoleUser, ConsoleUserKey, LinkPurpose, PasswordHasher } from "./ports.ts";
import { signInAddress } from "./sign-in-address.ts";
import { hashSecretToken } from "../shared/secret-token.ts";

/** Idle sessions end after an hour; any session after twelve (NIST SP 800-63B AAL2). */
export const SESSION_IDLE_MS = 60 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;
/** How long an emailed link works. */
export const LINK_VALID_MINUTES = { sign_in: 15, password_reset: 30 } as const satisfies Record<LinkPurpose, number>;
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export interface AccountDeps {
  readonly store: ConsoleStore;
  readonly passwords: PasswordHasher;
  readonly clock: () => Date;
  /** Absolute base URL of the console's pages, without a trailing slash. */
  readonly publicUrl: string;
}

export interface SignedIn {
  /** The session token for the cookie; only its hash is stored. */
  readonly token: string;
  readonly user: ConsoleUser;
  readonly expiresAt: Date;
}

export const newToken = (): string => randomBytes(32).toString("base64url");
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

let dummyHash: Promise<string> | undefined;

/** The browser that signs in, as its User-Agent header says (shown in the user's list of sessions). */
export type UserAgent = string | null | undefined;

export async function signInWithPassword(
  deps: AccountDeps,
  email: string,
  password: string,
  userAgent?: UserAgent,
): Promise<SignedIn | null> {
  const user = await deps.store.findUserByEmail(email);
  if (!user?.passwordHash) {
    // Same work as a wrong password, so the time taken does not reveal whether the address exists.
    dummyHash ??= deps.passwords.hash(newToken());
    await deps.passwords.verify(await dummyHash, password);
    return null;
  }
  if (!(await deps.passwords.verify(user.passwordHash, password))) return null;
  return startSession(deps, user, userAgent);
}

export async function startSession(deps: AccountDeps, user: ConsoleUser, userAgent?: UserAgent): Promise<SignedIn> {
  const token = newToken();
  const createdAt = deps.clock();
  const expiresAt = new Date(createdAt.getTime() + SESSION_MAX_MS);
  await deps.store.createSession({
    tokenHash: hashSecretToken(token),
    userId: user.id,
    businessId: user.businessId,
    createdAt,
    expiresAt,
    userAgent: userAgent ?? null,
  });
  return { token, user, expiresAt };
}

/** The actor of a presented session token, or null (unknown, revoked, idle too long, or past its end). */
export async function resumeSession(
  deps: AccountDeps,
  token: string | undefined,
): Promise<{ user: ConsoleUser; actor: ConsoleActor; tokenHash: string } | null> {
  if (!token || !TOKEN_FORMAT.test(token)) return null;
  const now = deps.clock();
  const tokenHash = hashSecretToken(token);
  const session = await deps.store.findSession(tokenHash, now);
  if (!session) return null;
  const { user } = session;
  const key = { tokenHash, businessId: user.businessId };
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    await deps.store.revokeSession(key, now);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await deps.store.touchSession(key, now);
  return { user, actor: { userId: user.id, role: user.role, staffId: user.staffId }, tokenHash };
}

export async function signOut(deps: AccountDeps, token: string | undefined): Promise<void> {
  if (token && TOKEN_FORMAT.test(token))
    await deps.store.revokeSession({ tokenHash: hashSecretToken(token) }, deps.clock());
}

/**
 * Emails a sign-in or reset link when the address has a login; silently does nothing otherwise
 * (the caller answers the same either way).
 */
export async function emailLink(deps: AccountDeps, purpose: LinkPurpose, email: string): Promise<void> {
  const user = await deps.store.findUserByEmail(email);
  if (!user) return;
  const validMinutes = LINK_VALID_MINUTES[purpose];
  await deps.store.queueEmail(user.businessId, {
    kind: purpose,
    to: { name: user.name, email: user.email },
    locale: user.locale,
    link: await issueLink(deps, purpose, user, validMinutes),
    businessName: await deps.store.businessName(user.businessId),
    validMinutes,
  });
}

/**
 * A one-time link for the user (signing in, or choosing a password). The token travels in the
 * fragment: it never reaches a server log, a proxy or a Referer header.
 */
export async function issueLink(
  deps: Pick<AccountDeps, "store" | "clock" | "publicUrl">,
  purpose: LinkPurpose,
  user: Pick<ConsoleUser, "id" | "businessId" | "locale">,
  validMinutes: number,
): Promise<string> {
  const token = newToken();
  await deps.store.createLinkToken({
    tokenHash: hashSecretToken(token),
    userId: user.id,
    businessId: user.businessId,
    purpose,
    expiresAt: new Date(deps.clock().getTime() + validMinutes * 60_000),
  });
  const page = purpose === "sign_in" ? "sign-in/link" : "reset-password";
  const prefix = user.locale === "en" ? "" : `/${user.locale}`;
  return `${deps.publicUrl}${prefix}/console/${page}#token=${token}`;
}

/** Redeems an emailed sign-in link (once, before it expires) for a session. */
export async function signInWithLink(
  deps: AccountDeps,
  token: string,
  userAgent?: UserAgent,
): Promise<SignedIn | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const user = await deps.store.useLinkToken(hashSecretToken(token), "sign_in", deps.clock());
  return user ? startSession(deps, user, userAgent) : null;
}

export type ResetOutcome = { ok: true; signedIn: SignedIn } | { ok: false; error: "LINK_INVALID" | PasswordProblem };

/** Sets a new password from an emailed reset link; every other session of the user ends. */
export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
  userAgent?: UserAgent,
): Promise<ResetOutcome> {
  if (!TOKEN_FORMAT.test(token)) return { ok: false, error: "LINK_INVALID" };
  // Checked before the link is spent, so a too-short password can be corrected with the same link —
  // against the address of the link's user, which is only known after; hence the second check.
  const early = passwordProblem(password, "");
  if (early) return { ok: false, error: early };
  const user = await deps.store.useLinkToken(hashSecretToken(token), "password_reset", deps.clock());
  if (!user) return { ok: false, error: "LINK_INVALID" };
  const problem = passwordProblem(password, user.email);
  if (problem) return { ok: false, error: problem };
  await deps.store.setPasswordHash(user, await deps.passwords.hash(password));
  await deps.store.revokeSessionsOf(user, deps.clock());
  return { ok: true, signedIn: await startSession(deps, user, userAgent) };
}

export type PasswordChange = { ok: true } | { ok: false; error: "CURRENT_PASSWORD_WRONG" | PasswordProblem };

/**
 * A signed-in user changes their own password: the current one first (a session left open on a
 * shared computer must not be enough), the same rules as everywhere; their other sessions end,
 * this one stays.
 */
export async function changePassword(
  deps: AccountDeps,
  user: ConsoleUser,
  currentTokenHash: string,
  passwords: { current: string; next: string },
): Promise<PasswordChange> {
  const problem = passwordProblem(passwords.next, user.email);
  if (problem) return { ok: false, error: problem };
  const current = await deps.store.findUser(user.businessId, user.id);
  if (!current?.passwordHash || !(await deps.passwords.verify(current.passwordHash, passwords.current)))
    return { ok: false, error: "CURRENT_PASSWORD_WRONG" };
  await deps.store.setPasswordHash(user, await deps.passwords.hash(passwords.next));
  await deps.store.revokeSessionsOf(user, deps.clock(), currentTokenHash);
  return { ok: true };
}

export interface SessionListing {
  readonly id: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly browser: BrowserSummary;
  /** The session that asked. */
  readonly current: boolean;
}

/** The user's live sessions, the current one marked; sessions idle past the limit are left out (they no longer work). */
export async function listSessions(
  deps: AccountDeps,
  user: ConsoleUserKey,
  currentTokenHash: string,
): Promise<SessionListing[]> {
  const now = deps.clock();
  const sessions = await deps.store.listSessions(user, now);
  return sessions
    .filter((s) => now.getTime() - s.lastSeenAt.getTime() <= SESSION_IDLE_MS)
    .map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      browser: browserSummary(s.userAgent),
      current: s.tokenHash === currentTokenHash,
    }));
}

export type NewLogin = { ok: true; user: ConsoleUser } | { ok: false; error: "EMAIL_TAKEN" | PasswordProblem };

/** Creates a console login (business:create's owner, the demo's owner and staff, an owner adding staff). */
export async function createLogin(
  deps: Pick<AccountDeps, "store" | "passwords">,
  input: {
    businessId: string;
    email: string;
    name: string;
    role: ConsoleUser["role"];
    staffId?: string | null;
    locale?: string;
    password?: string;
  },
): Promise<NewLogin> {
  const email = signInAddress(input.email);
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password, email);
    if (problem) return { ok: false, error: problem };
  }
  const created = await deps.store.createUser({
    businessId: input.businessId,
    email,
    name: input.name,
    role: input.role,
    staffId: input.staffId ?? null,
    locale: input.locale ?? "en",
    passwordHash: input.password === undefined ? null : await deps.passwords.hash(input.password),
  });
  return created.ok ? { ok: true, user: created.value } : { ok: false, error: created.error };
}
