/**
 * What the console's accounts need from the outside: storage for users, sessions and emailed links
 * (src/adapters/db/console/console-store.ts), a password hasher (argon2id), and the outbox for the
 * emails. Tokens reach the store only as hashes.
 */
import type { ConsoleRole } from "../../core/console/staff-access.ts";

export interface ConsoleUser {
  readonly id: string;
  readonly businessId: string;
  readonly email: string;
  readonly name: string;
  readonly role: ConsoleRole;
  readonly staffId: string | null;
  readonly locale: string;
  readonly passwordHash: string | null;
}

export type NewConsoleUser = Omit<ConsoleUser, "id">;

/** A login as the store's statements name it: with its business (ADR 0057, they route to its rows). */
export type ConsoleUserKey = Pick<ConsoleUser, "id" | "businessId">;

export interface SessionRecord {
  readonly user: ConsoleUser;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
}

export type LinkPurpose = "sign_in" | "password_reset";

/** A login of the business as its team list shows it. */
export interface TeamMember {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: ConsoleRole;
  readonly staffId: string | null;
  readonly staffName: string | null;
  /** False until the invited person chose a password. */
  readonly hasPassword: boolean;
  readonly lastSignInAt: Date | null;
  readonly createdAt: Date;
}

/** One of a user's sessions, as their list of sessions shows it. */
export interface SessionSummary {
  readonly id: string;
  readonly tokenHash: string;
  readonly userAgent: string | null;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
}

/** Why a change to the team was refused. */
export type TeamRefusal = "NOT_FOUND" | "LAST_OWNER";

/**
 * An email the console sends, in the user's language: a sign-in link, a password-reset link, or an
 * invitation to the team (whose link chooses the first password).
 */
export interface ConsoleEmail {
  readonly kind: LinkPurpose | "invite";
  readonly to: { readonly name: string; readonly email: string };
  readonly locale: string;
  readonly link: string;
  readonly businessName: string;
  readonly validMinutes: number;
  /** Who sent an invitation. */
  readonly invitedBy?: string;
}

export interface ConsoleStore {
  findUserByEmail(email: string): Promise<ConsoleUser | null>;
  /** EMAIL_TAKEN when the address already signs in (for any business). */
  createUser(user: NewConsoleUser): Promise<{ ok: true; value: ConsoleUser } | { ok: false; error: "EMAIL_TAKEN" }>;
  setPasswordHash(user: ConsoleUserKey, hash: string): Promise<void>;
  createSession(session: {
    tokenHash: string;
    userId: string;
    /** The user's (ADR 0057: the session lies with its business's rows). */
    businessId: string;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
  }): Promise<void>;
  /** A live session (not revoked, not past its end) with its user, or null. */
  findSession(tokenHash: string, now: Date): Promise<SessionRecord | null>;
  touchSession(session: { tokenHash: string; businessId: string }, now: Date): Promise<void>;
  /**
   * With its business when the caller read the session; without (signing out presents the token only) it is
   * the named cross-business look-up by the token's hash (ADR 0057).
   */
  revokeSession(session: { tokenHash: string; businessId?: string }, now: Date): Promise<void>;
  /** Ends every session of the user, except the one named (the session that asked). */
  revokeSessionsOf(user: ConsoleUserKey, now: Date, except?: string): Promise<void>;
  /** The user's sessions that have not been revoked and have not reached their end. */
  listSessions(user: ConsoleUserKey, now: Date): Promise<SessionSummary[]>;
  /** Ends the user's session with this id; false when the user has no such live session. */
  revokeSessionById(user: ConsoleUserKey, id: string, now: Date): Promise<boolean>;
  findUser(businessId: string, userId: string): Promise<ConsoleUser | null>;
  setName(user: ConsoleUserKey, name: string): Promise<void>;
  listTeam(businessId: string): Promise<TeamMember[]>;
  /** Whether the staff member is one of the business's. */
  isStaffOf(businessId: string, staffId: string): Promise<boolean>;
  /**
   * Changes a login's role or staff member; refused when that would leave the business without an
   * owner (checked under a lock on the business's owners, so two changes at once cannot both pass).
   */
  changeMember(
    businessId: string,
    userId: string,
    change: { role: ConsoleRole; staffId: string | null },
  ): Promise<{ ok: true } | { ok: false; error: TeamRefusal }>;
  /** Removes a login with its sessions and links; the same guard as changeMember. */
  removeMember(businessId: string, userId: string): Promise<{ ok: true } | { ok: false; error: TeamRefusal }>;
  /** Spends the user's unused links of a purpose (an invitation sent again replaces the earlier one). */
  spendLinksOf(user: ConsoleUserKey, purpose: LinkPurpose, now: Date): Promise<void>;
  createLinkToken(token: {
    tokenHash: string;
    userId: string;
    businessId: string;
    purpose: LinkPurpose;
    expiresAt: Date;
  }): Promise<void>;
  /** Marks an unused, unexpired link used and returns its user; null when it was not (atomically: once only). */
  useLinkToken(tokenHash: string, purpose: LinkPurpose, now: Date): Promise<ConsoleUser | null>;
  businessName(businessId: string): Promise<string>;
  /** Queued in the outbox, delivered after commit by the worker (the link inside is sealed there). */
  queueEmail(businessId: string, email: ConsoleEmail): Promise<void>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}
