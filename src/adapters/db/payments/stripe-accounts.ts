/**
 * Businesses' own Stripe keys on the database (table business_stripe_accounts, migration 0029):
 * the owner's view bound to one business, and the sealed keys the payment side opens.
 */
import { eq } from "drizzle-orm";
import type { SealedStripeAccount, StripeAccountStore, StripeAccountView } from "../../../app/payments/stripe-keys.ts";
import type { Db } from "../client.ts";
import { isUuid } from "../ids.ts";
import { businessStripeAccounts } from "../schema.ts";

type Row = typeof businessStripeAccounts.$inferSelect;
const viewOf = (row: Row): StripeAccountView => ({
  mode: row.mode,
  secretKeyLast4: row.secretKeyLast4,
  updatedAt: row.updatedAt.toISOString(),
});

export function stripeAccountStore(db: Db, businessId: string): StripeAccountStore {
  const mine = eq(businessStripeAccounts.businessId, businessId);
  return {
    async get() {
      const [row] = await db.select().from(businessStripeAccounts).where(mine);
      return row ? viewOf(row) : null;
    },
    async put(account, nowMs) {
      const values = { ...account, updatedAt: new Date(nowMs) };
      const [row] = await db
        .insert(businessStripeAccounts)
        .values({ businessId, ...values })
        .onConflictDoUpdate({ target: businessStripeAccounts.businessId, set: values })
        .returning();
      return viewOf(row!);
    },
    async remove() {
      const gone = await db
        .delete(businessStripeAccounts)
        .where(mine)
        .returning({ id: businessStripeAccounts.businessId });
      return gone.length > 0;
    },
  };
}

/** A business's sealed keys and when they last changed; null without keys (or for an id that is no business's). */
export async function loadSealedStripeAccount(
  db: Db,
  businessId: string,
): Promise<(SealedStripeAccount & { readonly updatedAtMs: number }) | null> {
  if (!isUuid(businessId)) return null;
  const [row] = await db.select().from(businessStripeAccounts).where(eq(businessStripeAccounts.businessId, businessId));
  return row ? { ...row, updatedAtMs: row.updatedAt.getTime() } : null;
}
