/**
 * The console's accounts on the database (schema-console.ts). Emails go to the outbox with the
 * link sealed under APP_SECRET: until it is sent, a sign-in link is as good as a password.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { ConsoleEmail, ConsoleStore, ConsoleUser } from "../../../app/console/ports.ts";
import type { Db } from "../client.ts";
import { sqlStateOf } from "../kernel.ts";
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

export function consoleStore(db: Db, sealLink: (link: string) => string): ConsoleStore {
  return {
    async findUserByEmail(email) {
      const [row] = await db
        .select(userColumns)
        .from(t.consoleUsers)
        .where(sql`lower(${t.consoleUsers.email}) = ${email.trim().toLowerCase()}`);
      return row ?? null;
    },

    async createUser(user) {
      try {
        const [row] = await db.insert(t.consoleUsers).values(user).returning(userColumns);
        return { ok: true, value: row! };
      } catch (error) {
        if (sqlStateOf(error).code === "23505") return { ok: false, error: "EMAIL_TAKEN" };
        throw error;
      }
    },

    async setPasswordHash(userId, hash) {
      await db.update(t.consoleUsers).set({ passwordHash: hash }).where(eq(t.consoleUsers.id, userId));
    },

    async createSession(session) {
      // Idle time is measured on the app's clock, the same one that reads it back.
      await db.insert(t.consoleSessions).values({ ...session, lastSeenAt: session.createdAt });
    },

    async findSession(tokenHash, now) {
      const [row] = await db
        .select({ user: userColumns, lastSeenAt: t.consoleSessions.lastSeenAt, expiresAt: t.consoleSessions.expiresAt })
        .from(t.consoleSessions)
        .innerJoin(t.consoleUsers, eq(t.consoleUsers.id, t.consoleSessions.userId))
        .where(
          and(
            eq(t.consoleSessions.tokenHash, tokenHash),
            isNull(t.consoleSessions.revokedAt),
            gt(t.consoleSessions.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    async touchSession(tokenHash, now) {
      await db.update(t.consoleSessions).set({ lastSeenAt: now }).where(eq(t.consoleSessions.tokenHash, tokenHash));
    },

    async revokeSession(tokenHash, now) {
      await db
        .update(t.consoleSessions)
        .set({ revokedAt: now })
        .where(and(eq(t.consoleSessions.tokenHash, tokenHash), isNull(t.consoleSessions.revokedAt)));
    },

    async revokeSessionsOf(userId, now) {
      await db
        .update(t.consoleSessions)
        .set({ revokedAt: now })
        .where(and(eq(t.consoleSessions.userId, userId), isNull(t.consoleSessions.revokedAt)));
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
        .returning({ userId: t.consoleLinkTokens.userId });
      if (!used) return null;
      const [user] = await db.select(userColumns).from(t.consoleUsers).where(eq(t.consoleUsers.id, used.userId));
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
