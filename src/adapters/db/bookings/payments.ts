/**
 * Payments and the bookings that wait for them. Each change is one transaction that relies on row
 * locks and the exclusion constraint, never on an earlier read, so two processes settling or
 * expiring the same payment at once end in one consistent state: a paid booking is confirmed, or
 * the money is marked for refund — never both, never neither. (One file: settling, expiring and
 * refunding lock the same rows in the same order, which is easiest to check side by side.)
 */
import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { NewBooking } from "../../../app/bookings/ports.ts";
import { AWAITING_MONEY, type PaymentRecord, type PaymentStore, type Settlement } from "../../../app/payments/ports.ts";
import type { NotificationMessage } from "../../../core/notifications/notification.ts";
import { isUuid } from "../public-pages-repository.ts";
import { sqlStateOf, withConflictRetries, type Tx } from "../kernel.ts";
import * as t from "../schema.ts";
import { releaseSeats } from "./class-seats.ts";
import { claimPerBusiness } from "../claim-per-business.ts";
import type { Executor } from "./executor.ts";
import { outboxRow } from "./rows.ts";

/** The payment row written with its booking (the booking's confirmation waits in it, sealed). */
export function paymentRow(b: NewBooking, seal: (message: NotificationMessage) => NotificationMessage) {
  const p = b.payment!;
  return {
    id: p.id,
    businessId: b.businessId,
    bookingId: b.id,
    provider: p.provider,
    providerRef: p.providerRef,
    account: p.account,
    kind: p.kind,
    amountMinor: p.amountMinor,
    currency: b.currency,
    status: "pending" as const,
    clientSecretHash: p.clientSecretHash,
    confirmsAs: b.status === "new" ? ("new" as const) : ("confirmed" as const),
    notification: seal(p.notification) as unknown as Record<string, unknown>,
  };
}

type PaymentRow = typeof t.payments.$inferSelect;
const toPayment = (row: PaymentRow): PaymentRecord => ({
  id: row.id,
  businessId: row.businessId,
  bookingId: row.bookingId,
  provider: row.provider,
  providerRef: row.providerRef,
  account: row.account,
  kind: row.kind,
  amountMinor: row.amountMinor,
  currency: row.currency,
  status: row.status,
  failureCode: row.failureCode,
  refundedMinor: row.refundedMinor,
  refundDueMinor: row.refundDueMinor,
  clientSecretHash: row.clientSecretHash,
});

export function paymentStore(database: Executor): PaymentStore {
  const db = database.db;

  /**
   * Cancels these unpaid bookings (locked by the caller) and their payments. When their time ran out
   * (not when the visitor left the payment step, who saw that happen), each visitor is told by email.
   */
  async function expire(
    tx: Tx,
    businessId: string,
    bookings: {
      id: string;
      classSessionId: string | null;
      seats: number;
      calendarId: string;
      staffIds: string[];
    }[],
    now: Date,
    timedOut: boolean,
  ) {
    if (bookings.length === 0) return [];
    const ids = bookings.map((b) => b.id);
    await tx
      .update(t.bookings)
      .set({ status: "cancelled", cancelReason: "payment_expired", cancelledAt: now, updatedAt: now })
      .where(and(eq(t.bookings.businessId, businessId), inArray(t.bookings.id, ids)));
    await tx
      .update(t.bookingItems)
      .set({ active: false })
      .where(and(eq(t.bookingItems.businessId, businessId), inArray(t.bookingItems.bookingId, ids)));
    for (const b of bookings) if (b.classSessionId) await releaseSeats(tx, businessId, b.classSessionId, b.seats);
    const dropped = await tx
      .update(t.payments)
      .set({ status: "canceled", updatedAt: now })
      .where(
        and(
          eq(t.payments.businessId, businessId),
          inArray(t.payments.bookingId, ids),
          inArray(t.payments.status, [...AWAITING_MONEY]),
        ),
      )
      .returning({
        provider: t.payments.provider,
        ref: t.payments.providerRef,
        account: t.payments.account,
        bookingId: t.payments.bookingId,
        businessId: t.payments.businessId,
        notification: t.payments.notification,
      });
    if (timedOut && dropped.length > 0)
      await tx.insert(t.outbox).values(
        dropped.map(({ businessId, notification }) => {
          // The confirmation the payment would have sent (links sealed as stored), now cancelled.
          const told = notification as unknown as NotificationMessage;
          return outboxRow(businessId, {
            kind: "payment_expired",
            booking: { ...told.booking, status: "cancelled", cancelReason: null },
          });
        }),
      );
    // With what each freed, so the widgets showing those calendars hear of it.
    return dropped.map(({ provider, ref, account, businessId, bookingId }) => {
      const booking = bookings.find((b) => b.id === bookingId)!;
      return { provider, ref, account, businessId, calendarId: booking.calendarId, staffIds: booking.staffIds };
    });
  }

  async function onePayment(where: SQL | undefined) {
    const [row] = await db.select().from(t.payments).where(where);
    return row ? toPayment(row) : null;
  }

  return {
    async loadPayment(paymentId) {
      return isUuid(paymentId) ? onePayment(eq(t.payments.id, paymentId)) : null;
    },

    async findByProviderRef(provider, ref, scope) {
      return onePayment(
        and(
          eq(t.payments.provider, provider),
          eq(t.payments.providerRef, ref),
          eq(t.payments.account, scope.account),
          scope.account === "business" ? eq(t.payments.businessId, scope.businessId) : undefined,
        ),
      );
    },

    async markPayment(paymentId, change) {
      await db
        .update(t.payments)
        .set({ status: change.status, failureCode: change.failureCode, updatedAt: new Date(change.nowMs) })
        .where(and(eq(t.payments.id, paymentId), inArray(t.payments.status, [...AWAITING_MONEY])));
    },

    async settlePayment(paymentId, nowMs) {
      const now = new Date(nowMs);
      return withConflictRetries(() =>
        db.transaction(async (tx): Promise<Settlement> => {
          const [payment] = await tx.select().from(t.payments).where(eq(t.payments.id, paymentId)).for("update");
          if (!payment) return { kind: "refund", reason: "booking_gone" };
          // Refunded: whatever its booking became, this money is not kept for it.
          if (payment.status === "refunded") return { kind: "already_settled", bookingId: null };
          // Held for a request (told again, or the capture's own success): nothing more to settle.
          if (payment.status === "authorized") return { kind: "already_settled", bookingId: payment.bookingId };
          // Told again (a provider repeats its event): a refund still owed is asked for again.
          if (payment.status === "succeeded")
            return payment.refundDueMinor > payment.refundedMinor
              ? { kind: "refund", reason: "booking_gone" }
              : { kind: "already_settled", bookingId: payment.bookingId };
          // A request's money is only held until the business answers; anything else is taken.
          const held = payment.confirmsAs === "new";
          await tx
            .update(t.payments)
            .set({ status: held ? "authorized" : "succeeded", failureCode: null, updatedAt: now })
            .where(eq(t.payments.id, paymentId));
          // Money with no booking to keep it for is owed back from this commit on (the sweep retries);
          // a request's money was only held, and the hold is let go instead. The visitor is told.
          const owed = async (reason: "slot_taken" | "booking_gone"): Promise<Settlement> => {
            if (!held)
              await tx
                .update(t.payments)
                .set({ refundDueMinor: payment.amountMinor })
                .where(eq(t.payments.id, paymentId));
            const told = payment.notification as unknown as NotificationMessage;
            const paid = told.booking.payment ?? {
              paidMinor: payment.amountMinor,
              totalMinor: payment.amountMinor,
              currency: payment.currency,
            };
            const refunded = { ...paid, held: false, refundedMinor: payment.amountMinor };
            await tx.insert(t.outbox).values(
              outboxRow(payment.businessId, {
                kind: "payment_refunded",
                booking: { ...told.booking, status: "cancelled", payment: refunded },
              }),
            );
            return held ? { kind: "release" } : { kind: "refund", reason };
          };
          if (!payment.bookingId) return owed("booking_gone");
          const [booking] = await tx
            .select()
            .from(t.bookings)
            .where(eq(t.bookings.id, payment.bookingId))
            .for("update");
          if (!booking) return owed("booking_gone");
          const confirm = {
            status: payment.confirmsAs,
            paymentDueAt: null,
            cancelReason: null,
            cancelledAt: null,
            updatedAt: now,
            ...(payment.confirmsAs === "confirmed" ? { confirmedAt: now } : {}),
          };
          const tell = () => tx.insert(t.outbox).values(outboxRow(booking.businessId, payment.notification as never));
          if (booking.status === "pending_payment") {
            await tx.update(t.bookings).set(confirm).where(eq(t.bookings.id, booking.id));
            await tx
              .update(t.bookingItems)
              .set({ holdExpiresAt: null })
              .where(eq(t.bookingItems.bookingId, booking.id));
            await tell();
            return { kind: "booked", bookingId: booking.id };
          }
          // Paid after its time ran out: keep the booking if its time is still free (the exclusion
          // constraint says so, in a savepoint); class seats may have gone to others — refund those.
          const late =
            booking.status === "cancelled" &&
            booking.cancelReason === "payment_expired" &&
            payment.confirmsAs === "confirmed" &&
            booking.classSessionId === null;
          if (!late) return owed("booking_gone");
          try {
            await tx.transaction(async (savepoint) => {
              await savepoint.update(t.bookings).set(confirm).where(eq(t.bookings.id, booking.id));
              await savepoint
                .update(t.bookingItems)
                .set({ active: true, holdExpiresAt: null })
                .where(eq(t.bookingItems.bookingId, booking.id));
            });
          } catch (error) {
            if (sqlStateOf(error).code === "23P01") return owed("slot_taken");
            throw error;
          }
          await tell();
          return { kind: "booked", bookingId: booking.id };
        }),
      );
    },

    async markRefunded(paymentId, refundedMinor, nowMs) {
      await db
        .update(t.payments)
        .set({
          refundedMinor: sql`greatest(${t.payments.refundedMinor}, ${refundedMinor})`,
          refundDueMinor: sql`greatest(${t.payments.refundDueMinor}, ${refundedMinor})`,
          status: sql`case when ${refundedMinor} >= ${t.payments.amountMinor} then 'refunded' else ${t.payments.status} end`,
          updatedAt: new Date(nowMs),
        })
        .where(eq(t.payments.id, paymentId));
    },

    async refundsDue(limit) {
      const rows = await db
        .select()
        .from(t.payments)
        .where(sql`${t.payments.refundDueMinor} > ${t.payments.refundedMinor}`)
        .limit(limit);
      return rows.map((row) => toPayment(row));
    },

    async heldFor(bookingId) {
      if (!isUuid(bookingId)) return [];
      const rows = await db
        .select()
        .from(t.payments)
        .where(and(eq(t.payments.bookingId, bookingId), eq(t.payments.status, "authorized")));
      return rows.map((row) => toPayment(row));
    },

    async markHeld(paymentId, outcome, nowMs) {
      await db
        .update(t.payments)
        .set({ status: outcome === "captured" ? "succeeded" : "canceled", updatedAt: new Date(nowMs) })
        .where(and(eq(t.payments.id, paymentId), eq(t.payments.status, "authorized")));
    },

    async expireUnpaid(nowMs, only) {
      const now = new Date(nowMs);
      const paymentId = only?.paymentId;
      if (paymentId !== undefined && !isUuid(paymentId)) return [];
      if (only && !isUuid(only.businessId)) return [];
      /** One business's unpaid bookings (overdue, or the payment's), locked and released in one transaction. */
      const expireOf = (businessId: string) =>
        withConflictRetries(() =>
          db.transaction(async (tx) => {
            const unpaid = await tx
              .select({
                id: t.bookings.id,
                classSessionId: t.bookings.classSessionId,
                seats: t.bookings.seats,
                calendarId: t.bookings.calendarId,
                staffIds: t.bookings.staffIds,
              })
              .from(t.bookings)
              .where(
                and(
                  eq(t.bookings.businessId, businessId),
                  eq(t.bookings.status, "pending_payment"),
                  paymentId !== undefined
                    ? sql`${t.bookings.id} = (select booking_id from payments
                        where id = ${paymentId} and business_id = ${businessId})`
                    : lte(t.bookings.paymentDueAt, now),
                ),
              )
              .for("update", { skipLocked: true });
            return expire(tx, businessId, unpaid, now, paymentId === undefined);
          }),
        );
      if (only) return expireOf(only.businessId);
      // Every business's overdue ones: claimed business by business (claim-per-business.ts, ADR 0057), all of them.
      return claimPerBusiness(
        Number.POSITIVE_INFINITY,
        async () =>
          (
            await db
              .select({ businessId: t.bookings.businessId })
              .from(t.bookings)
              .where(and(eq(t.bookings.status, "pending_payment"), lte(t.bookings.paymentDueAt, now)))
              .groupBy(t.bookings.businessId)
              .orderBy(sql`min(${t.bookings.paymentDueAt})`)
          ).map((r) => r.businessId),
        expireOf,
      );
    },
  };
}
