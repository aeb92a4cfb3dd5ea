/**
 * The console's accounts on the database (schema-console.ts). Emails go to the outbox with the
 * link sealed under APP_SECRET: until it is sent, a sign-in link is as good as a password.
 */
import { and, asc, desc, eq, gt, isNull, max, ne } from "drizzle-orm";
import type {
  ConsoleEmail,
  ConsoleStore,
  ConsoleUser,
  ConsoleUserKey,
  TeamRefusal,
} from "../../../app/console/ports.ts";
import { signInAddress } from "../../../app/console/sign-in-address.ts";
import type { Db } from "../client.ts";
import { inTransaction, sqlStateOf, type Tx } from "../kernel.ts";
import * as t from "../schema.ts";

export const CONSOLE_EMAIL_TOPIC = "console_email";

const userColumns = {
  id: t.consoleUsers.id,
  businessId: t.consoleUsers.businessId,
  email: t.consoleUsers.email,
  name: t.consoleUsers.name,
  role: t.consoleUsers.role,
  staffId: t.consoleUsers.staffId,
  locale: t.consoleUsers.locale,
  passwordHash: t.consoleUsers.passwordHash,
};

/** A login's row, named with its business (ADR 0057: the statement routes to that business's rows). */
const isUser = (user: ConsoleUserKey) =>
  and(eq(t.consoleUsers.id, user.id), eq(t.consoleUsers.businessId, user.businessId));

/** A login's sessions, named with its business. */
const sessionOf = (user: ConsoleUserKey) =>
  and(eq(t.consoleSessions.userId, user.id), eq(t.consoleSessions.businessId, user.businessId));

export function consoleStore(db: Db, sealLink: (link: string) => string): ConsoleStore {
  return {
    async findUserByEmail(email) {
      // The address's business first (console_logins, a named cross-business look-up), then the user
      // on that business's rows: two single-shard reads on a distributed PostgreSQL (ADR 0057).
      const [login] = await db
        .select({ businessId: t.consoleLogins.businessId, userId: t.consoleLogins.userId })
        .from(t.consoleLogins)
        .where(eq(t.consoleLogins.email, signInAddress(email)));
      if (!login) return null;
      const [row] = await db
        .select(userColumns)
        .from(t.consoleUsers)
        .where(isUser({ id: login.userId, businessId: login.businessId }));
      return row ?? null;
    },

    async createUser(user) {
      try {
        // The login claims the address for the whole deployment; a second claim fails on its key (23505).
        const row = await db.transaction(async (tx) => {
          const [created] = await tx.insert(t.consoleUsers).values(user).returning(userColumns);
          await tx
            .insert(t.consoleLogins)
            .values({ email: signInAddress(user.email), businessId: created!.businessId, userId: created!.id });
          return created!;
        });
        return { ok: true, value: row };
      } catch (error) {
        if (sqlStateOf(error).code === "23505") return { ok: false, error: "EMAIL_TAKEN" };
        throw error;
      }
    },

    async setPasswordHash(user, hash) {
      await db.update(t.consoleUsers).set({ passwordHash: hash }).where(isUser(user));
    },

    async createSession(session) {
      // Idle time is measured on the app's clock, the same one that reads it back.
      await db.insert(t.consoleSessions).values({
        ...session,
        userAgent: session.userAgent?.slice(0, 512) ?? null,
        lastSeenAt: session.createdAt,
      });
    },

    async findSession(tokenHash, now) {
      const [row] = await db
        .select({ user: userColumns, lastSeenAt: t.consoleSessions.lastSeenAt, expiresAt: t.consoleSessions.expiresAt })
        .from(t.consoleSessions)
        .innerJoin(
          t.consoleUsers,
          and(
            eq(t.consoleUsers.id, t.consoleSessions.userId),
            eq(t.consoleUsers.businessId, t.consoleSessions.businessId),
          ),
        )
        .where(
          and(
            // By the cookie's token alone: a named cross-business secret look-up (ADR 0057).
            eq(t.consoleSessions.tokenHash, tokenHash),
            isNull(t.consoleSessions.revokedAt),
            gt(t.consoleSessions.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    async touchSession(session, now) {
      await db
        .update(t.consoleSessions)
        .set({ lastSeenAt: now })
        .where(
          and(eq(t.consoleSessions.tokenHash, session.tokenHash), eq(t.consoleSessions.businessId, session.businessId)),
        );
    },

    async revokeSession(session, now) {
      await db
        .update(t.consoleSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(t.consoleSessions.tokenHash, session.tokenHash),
            session.businessId === undefined ? undefined : eq(t.consoleSessions.businessId, session.businessId),
            isNull(t.consoleSessions.revokedAt),
          ),
        );
    },

    async revokeSessionsOf(user, now, except) {
      await db
        .update(t.consoleSessions)
        .set({ revokedAt: now })
        .where(
          and(
            sessionOf(user),
            isNull(t.consoleSessions.revokedAt),
            except === undefined ? undefined : ne(t.consoleSessions.tokenHash, except),
          ),
        );
    },
    async listSessions(user, now) {
      return db
        .select({
          id: t.consoleSessions.id,
          tokenHash: t.consoleSessions.tokenHash,
          userAgent: t.consoleSessions.userAgent,
          createdAt: t.consoleSessions.createdAt,
          lastSeenAt: t.consoleSessions.lastSeenAt,
        })
        .from(t.consoleSessions)
        .where(and(sessionOf(user), isNull(t.consoleSessions.revokedAt), gt(t.consoleSessions.expiresAt, now)))
        .orderBy(desc(t.consoleSessions.lastSeenAt));
    },
    async revokeSessionById(user, id, now) {
      const ended = await db
        .update(t.consoleSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(t.consoleSessions.id, id),
            sessionOf(user),
            isNull(t.consoleSessions.revokedAt),
            gt(t.consoleSessions.expiresAt, now),
          ),
        )
        .returning({ id: t.consoleSessions.id });
      return ended.length > 0;
    },
    async findUser(businessId, userId) {
      const [row] = await db
        .select(userColumns)
        .from(t.consoleUsers)
        .where(isUser({ id: userId, businessId }));
      return row ?? null;
    },
    async setName(user, name) {
      await db.update(t.consoleUsers).set({ name }).where(isUser(user));
    },
    async listTeam(businessId) {
      const lastSignIn = db
        .select({ userId: t.consoleSessions.userId, at: max(t.consoleSessions.createdAt).as("last_sign_in_at") })
        .from(t.consoleSessions)
        .where(eq(t.consoleSessions.businessId, businessId))
        .groupBy(t.consoleSessions.userId)
        .as("last_sign_in");
      const rows = await db
        .select({
          id: t.consoleUsers.id,
          email: t.consoleUsers.email,
          name: t.consoleUsers.name,
          role: t.consoleUsers.role,
          staffId: t.consoleUsers.staffId,
          staffName: t.staff.name,
          passwordHash: t.consoleUsers.passwordHash,
          lastSignInAt: lastSignIn.at,
          createdAt: t.consoleUsers.createdAt,
        })
        .from(t.consoleUsers)
        .leftJoin(t.staff, eq(t.staff.id, t.consoleUsers.staffId))
        .leftJoin(lastSignIn, eq(lastSignIn.userId, t.consoleUsers.id))
        .where(eq(t.consoleUsers.businessId, businessId))
        .orderBy(asc(t.consoleUsers.role), asc(t.consoleUsers.name));
      return rows.map(({ passwordHash, lastSignInAt, ...row }) => ({
        ...row,
        hasPassword: passwordHash !== null,
        // max() comes back as text on some drivers.
        lastSignInAt: lastSignInAt === null ? null : new Date(lastSignInAt),
      }));
    },
    async isStaffOf(businessId, staffId) {
      const [row] = await db
        .select({ id: t.staff.id })
        .from(t.staff)
        .where(and(eq(t.staff.id, staffId), eq(t.staff.businessId, businessId)));
      return row !== undefined;
    },
    changeMember(businessId, userId, change) {
      return guardedTeamChange(db, businessId, userId, change.role, async (tx) => {
        await tx
          .update(t.consoleUsers)
          .set(change)
          .where(isUser({ id: userId, businessId }));
      });
    },
    removeMember(businessId, userId) {
      // Its sessions and links go with it (ON DELETE CASCADE): the next request of a session is refused.
      return guardedTeamChange(db, businessId, userId, null, async (tx) => {
        const removed = await tx
          .delete(t.consoleUsers)
          .where(isUser({ id: userId, businessId }))
          .returning({ email: t.consoleUsers.email });
        // The address is free again (no foreign key does it: console_logins is distributed by the address).
        for (const { email } of removed) {
          await tx.delete(t.consoleLogins).where(eq(t.consoleLogins.email, signInAddress(email)));
        }
      });
    },
    async spendLinksOf(user, purpose, now) {
      await db
        .update(t.consoleLinkTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(t.consoleLinkTokens.userId, user.id),
            eq(t.consoleLinkTokens.businessId, user.businessId),
            eq(t.consoleLinkTokens.purpose, purpose),
            isNull(t.consoleLinkTokens.usedAt),
          ),
        );
    },

    async createLinkToken(token) {
      await db.insert(t.consoleLinkTokens).values(token);
    },

    async useLinkToken(tokenHash, purpose, now) {
      // One statement: of two redemptions racing for the same link, only one updates the row.
      const [used] = await db
        .update(t.consoleLinkTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(t.consoleLinkTokens.tokenHash, tokenHash),
            eq(t.consoleLinkTokens.purpose, purpose),
            isNull(t.consoleLinkTokens.usedAt),
            gt(t.consoleLinkTokens.expiresAt, now),
          ),
        )
        .returning({ userId: t.consoleLinkTokens.userId, businessId: t.consoleLinkTokens.businessId });
      if (!used) return null;
      const [user] = await db
        .select(userColumns)
        .from(t.consoleUsers)
        .where(isUser({ id: used.userId, businessId: used.businessId }));
      return (user as ConsoleUser | undefined) ?? null;
    },

    async businessName(businessId) {
      const [row] = await db
        .select({ name: t.businesses.name })
        .from(t.businesses)
        .where(eq(t.businesses.id, businessId));
      return row?.name ?? "";
    },

    async queueEmail(businessId, email) {
      const payload: ConsoleEmail = { ...email, link: sealLink(email.link) };
      await db.insert(t.outbox).values({ businessId, topic: CONSOLE_EMAIL_TOPIC, payload: { ...payload } });
    },
  };
}

/**
 * A change to a login that may take away an owner (`newRole` null: removed). The business's owners
 * are locked first, so of two changes at once the second waits and counts what the first left: a
 * business never ends up without an owner, with any number of app processes.
 */
function guardedTeamChange(
  db: Db,
  businessId: string,
  userId: string,
  newRole: ConsoleUser["role"] | null,
  write: (tx: Tx) => Promise<void>,
): Promise<{ ok: true } | { ok: false; error: TeamRefusal }> {
  return inTransaction(db, async (tx) => {
    const owners = await tx
      .select({ id: t.consoleUsers.id })
      .from(t.consoleUsers)
      .where(and(eq(t.consoleUsers.businessId, businessId), eq(t.consoleUsers.role, "owner")))
      .orderBy(asc(t.consoleUsers.id))
      .for("update");
    const [member] = await tx
      .select({ role: t.consoleUsers.role })
      .from(t.consoleUsers)
      .where(isUser({ id: userId, businessId }));
    if (!member) return { ok: false, error: "NOT_FOUND" } as const;
    const losesAnOwner = member.role === "owner" && newRole !== "owner";
    if (losesAnOwner && owners.length <= 1) return { ok: false, error: "LAST_OWNER" } as const;
    await write(tx);
    return { ok: true } as const;
  });
}
