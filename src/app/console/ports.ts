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

export interface SessionRecord {
  readonly user: ConsoleUser;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
}

export type LinkPurpose = "sign_in" | "password_reset";

/** An email the console sends: a sign-in link or a password-reset link, in the user's language. */
export interface ConsoleEmail {
  readonly kind: LinkPurpose;
  readonly to: { readonly name: string; readonly email: string };
  readonly locale: string;
  readonly link: string;
  readonly businessName: string;
  readonly validMinutes: number;
}

export interface ConsoleStore {
  findUserByEmail(email: string): Promise<ConsoleUser | null>;
  /** EMAIL_TAKEN when the address already signs in (for any business). */
  createUser(user: NewConsoleUser): Promise<{ ok: true; value: ConsoleUser } | { ok: false; error: "EMAIL_TAKEN" }>;
  setPasswordHash(userId: string, hash: string): Promise<void>;
  createSession(session: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /** A live session (not revoked, not past its end) with its user, or null. */
  findSession(tokenHash: string, now: Date): Promise<SessionRecord | null>;
  touchSession(tokenHash: string, now: Date): Promise<void>;
  revokeSession(tokenHash: string, now: Date): Promise<void>;
  revokeSessionsOf(userId: string, now: Date): Promise<void>;
  createLinkToken(token: { tokenHash: string; userId: string; purpose: LinkPurpose; expiresAt: Date }): Promise<void>;
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
