/**
 * Every change is one short transaction that contains only SQL — the notification goes into the
 * outbox table and is delivered after commit — and relies on constraints, not on earlier reads:
 * overlapping occupancy of one staff member trips an EXCLUDE constraint (23P01 → STAFF_BUSY), class
 * seats a conditional update, one-time links a conditional `update … where used_at is null`.
 */
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { attachRedemption, redeemCoupon } from "../coupon-redemptions.ts";
import type { BookingRecord, BookingStore, CommitResult, ReleasedHold } from "../../../app/bookings/ports.ts";
import { hashSecretToken } from "../../../app/shared/secret-token.ts";
import type { NotificationMessage } from "../../../core/notifications/notification.ts";
import { withConflictRetries, type Tx } from "../kernel.ts";
import * as t from "../schema.ts";
import { upsertContact } from "../contacts/contact-store.ts";
import { addBookingSubmission } from "../forms/form-store.ts";
import { personKey } from "../../../core/privacy/personal-data.ts";
import { releaseSeats, takeSeats } from "./class-seats.ts";
import type { Executor } from "./executor.ts";
import { isUuid } from "../public-pages-repository.ts";
import { paymentRow, paymentStore } from "./payments.ts";
import { itemRows, outboxRow, Refused, refusalOf, toRecord, unitRows } from "./rows.ts";
import type { SimpleWrite } from "./simple-bookings.ts";

export function bookingWrites(
  database: Executor,
  options: {
    readonly seal: (message: NotificationMessage) => NotificationMessage;
    readonly storedAnswer: (body: unknown) => string;
    readonly simpleBookings: { write(item: SimpleWrite): Promise<void> };
    readonly purgeOldKeys: (nowMs: number) => Promise<void>;
  },
): Pick<BookingStore, "createBookings" | "createHold" | "releaseHold" | "reschedule" | "changeStatus"> {
  const db = database.db;
  const { seal, storedAnswer, simpleBookings, purgeOldKeys } = options;
  const unpaid = paymentStore(database);
  /** Runs one write, retried on transient conflicts; a refusal the database gave becomes the booking's answer. */
  async function statement(run: () => Promise<void>): Promise<CommitResult> {
    try {
      await withConflictRetries(run);
      return { ok: true };
    } catch (error) {
      return { ok: false, refusal: refusalOf(error) };
    }
  }

  /** Runs a transaction, retrying deadlocks and serialization failures a few times. */
  async function transact(work: (tx: Tx) => Promise<void>): Promise<CommitResult> {
    return statement(() => db.transaction(work));
  }

  /**
   * Expired holds stop blocking at once for the engine, but their rows stay until deleted. When the
   * exclusion constraint trips, delete the expired holds of these staff and say whether any went.
   * Every statement here names the business (ADR 0057): its occupancy and holds lie on one shard.
   */
  async function purgeExpiredHolds(
    businessId: string,
    staffIds: readonly string[],
    nowMs: number,
    unitIds: readonly string[] = [],
  ): Promise<boolean> {
    if (staffIds.length === 0 && unitIds.length === 0) return false;
    // The holds expired by now that occupy these staff, or these units of rooms and equipment.
    const holdIds =
      unitIds.length > 0
        ? db
            .select({ id: t.bookingResourceUnits.holdId })
            .from(t.bookingResourceUnits)
            .where(
              and(
                inArray(t.bookingResourceUnits.unitId, [...unitIds]),
                eq(t.bookingResourceUnits.businessId, businessId),
                lte(t.bookingResourceUnits.holdExpiresAt, new Date(nowMs)),
              ),
            )
        : db
            .select({ id: t.bookingItems.holdId })
            .from(t.bookingItems)
            .where(
              and(
                inArray(t.bookingItems.staffId, [...staffIds]),
                eq(t.bookingItems.businessId, businessId),
                lte(t.bookingItems.holdExpiresAt, new Date(nowMs)),
              ),
            );
    const deleted = await db
      .delete(t.holds)
      .where(
        and(eq(t.holds.businessId, businessId), lte(t.holds.expiresAt, new Date(nowMs)), inArray(t.holds.id, holdIds)),
      )
      .returning({ id: t.holds.id });
    return deleted.length > 0;
  }

  async function withHoldPurge(
    businessId: string,
    staffIds: readonly string[],
    nowMs: number,
    run: () => Promise<CommitResult>,
    unitIds: readonly string[] = [],
  ): Promise<CommitResult> {
    const first = await run();
    const code = first.ok ? null : first.refusal.code;
    if (first.ok || (code !== "STAFF_BUSY" && code !== "RESOURCE_BUSY" && code !== "SEATS_EXCEEDED")) return first;
    // Time held by an expired hold or an unpaid booking past its payment time is free: release it, try again.
    const heldByHolds =
      (code === "STAFF_BUSY" && (await purgeExpiredHolds(businessId, staffIds, nowMs))) ||
      (code === "RESOURCE_BUSY" && (await purgeExpiredHolds(businessId, [], nowMs, unitIds)));
    // Only this business's unpaid bookings can hold its staff or units.
    const heldUnpaid = !heldByHolds && (await unpaid.expireUnpaid(nowMs, { businessId })).length > 0;
    return heldByHolds || heldUnpaid ? run() : first;
  }

  /**
   * Deletes a hold of this business and calendar with its occupancy (on delete cascade) and answers
   * what it occupied — its staff (service lines included) and rooms — for the pages showing those to
   * refresh; null when there was no such hold. Read first: the rows go with it.
   */
  async function deleteHold(tx: Tx, businessId: string, calendarId: string, holdId: string) {
    const staff = await tx
      .select({ id: t.bookingItems.staffId })
      .from(t.bookingItems)
      .where(and(eq(t.bookingItems.holdId, holdId), eq(t.bookingItems.businessId, businessId)));
    const resources = await tx
      .select({ id: t.bookingResourceUnits.resourceId })
      .from(t.bookingResourceUnits)
      .where(and(eq(t.bookingResourceUnits.holdId, holdId), eq(t.bookingResourceUnits.businessId, businessId)));
    const gone = await tx
      .delete(t.holds)
      .where(and(eq(t.holds.id, holdId), eq(t.holds.businessId, businessId), eq(t.holds.calendarId, calendarId)))
      .returning({ staffIds: t.holds.staffIds });
    if (gone.length === 0) return null;
    const freed: ReleasedHold = {
      staffIds: [...new Set([...gone[0]!.staffIds, ...staff.map((r) => r.id)])],
      resourceIds: [...new Set(resources.map((r) => r.id))],
    };
    return freed;
  }

  return {
    async createBookings(command) {
      if (command.idempotency) await purgeOldKeys(command.nowMs);
      const staffIds = [
        ...new Set(
          command.bookings.flatMap((b) =>
            b.items.map((i) => i.staffId).concat(b.classSeats ? [b.classSeats.staffId] : []),
          ),
        ),
      ];
      const unitIds = [...new Set(command.bookings.flatMap((b) => (b.units ?? []).map((u) => u.unitId)))];
      const now = new Date(command.nowMs);
      const only = command.bookings[0];
      // A command's bookings (one, or a series') are of one calendar, so of one business.
      if (!only) return { ok: false, refusal: { code: "SCHEDULING_FAILED" } };
      const businessId = only.businessId;
      // Bookings that take units of rooms or equipment go the transaction's way (their rows are another table).
      const simple =
        !command.holdId &&
        !command.oneTimeSlug &&
        !only.classSeats &&
        !only.payment &&
        !only.redeem &&
        !only.form &&
        unitIds.length === 0;
      if (command.bookings.length === 1 && simple) {
        return withHoldPurge(businessId, staffIds, command.nowMs, () =>
          statement(() =>
            simpleBookings.write({ booking: only, idempotency: command.idempotency, nowMs: command.nowMs }),
          ),
        );
      }
      return withHoldPurge(
        businessId,
        staffIds,
        command.nowMs,
        () =>
          transact(async (tx) => {
            if (command.holdId)
              await tx.delete(t.holds).where(and(eq(t.holds.id, command.holdId), eq(t.holds.businessId, businessId)));
            let oneTimeLinkId: string | null = null;
            if (command.oneTimeSlug) {
              const [link] = await tx
                .update(t.oneTimeLinks)
                .set({ usedAt: now })
                .where(
                  and(
                    eq(t.oneTimeLinks.slugHash, hashSecretToken(command.oneTimeSlug)),
                    eq(t.oneTimeLinks.businessId, businessId),
                    isNull(t.oneTimeLinks.usedAt),
                    isNull(t.oneTimeLinks.revokedAt),
                    sql`(${t.oneTimeLinks.expiresAt} is null or ${t.oneTimeLinks.expiresAt} > ${now})`,
                  ),
                )
                .returning({ id: t.oneTimeLinks.id });
              if (!link) throw new Refused({ code: "SLUG_EXPIRED" });
              oneTimeLinkId = link.id;
            }
            // A coupon's use is taken under its row's lock, so its last use goes to one booking only.
            const redemptions = new Map<string, string>();
            for (const b of command.bookings) {
              if (!b.redeem) continue;
              const taken = await redeemCoupon(
                tx,
                {
                  businessId: b.businessId,
                  code: b.redeem.code,
                  calendarId: b.calendarId,
                  serviceIds: b.redeem.serviceIds,
                  visitorEmail: b.redeem.visitorEmail,
                  nowMs: command.nowMs,
                },
                b.redeem.discountMinor ?? b.discountMinor,
              );
              if (!taken.ok) throw new Refused({ code: "COUPON_REFUSED", refusal: taken.refusal });
              redemptions.set(b.id, taken.redemptionId);
            }
            const sessionIds = new Map<string, string>();
            for (const b of command.bookings) {
              if (b.classSeats) sessionIds.set(b.id, await takeSeats(tx, b.businessId, b.calendarId, b.classSeats));
            }
            // The booker's contact, made or matched once per business and email (a series shares it).
            const contactIds = new Map<string, string | null>();
            for (const b of command.bookings) {
              const key = `${b.businessId}\n${personKey(b.contact.email)}`;
              if (contactIds.has(key)) continue;
              const name = `${b.contact.firstName} ${b.contact.lastName}`;
              contactIds.set(
                key,
                await upsertContact(tx, b.businessId, {
                  email: b.contact.email,
                  name,
                  phone: b.contact.phone,
                  at: now,
                }),
              );
            }
            const contactOf = (b: (typeof command.bookings)[number]) =>
              contactIds.get(`${b.businessId}\n${personKey(b.contact.email)}`) ?? null;
            await tx.insert(t.bookings).values(
              command.bookings.map((b, i) => ({
                id: b.id,
                businessId: b.businessId,
                calendarId: b.calendarId,
                seriesId: b.seriesId,
                occurrenceIndex: b.occurrenceIndex,
                status: b.payment ? "pending_payment" : b.status,
                paymentDueAt: b.payment ? new Date(b.payment.dueAtMs) : null,
                startsAt: new Date(b.startMs),
                endsAt: new Date(b.endMs),
                timeZone: b.timeZone,
                locale: b.locale,
                staffId: b.staffId,
                staffIds: [...b.staffIds],
                serviceIds: [...b.serviceIds],
                bufferBeforeMinutes: b.bufferBeforeMinutes,
                bufferAfterMinutes: b.bufferAfterMinutes,
                seats: b.seats,
                guests: [...b.guests],
                carts: b.carts.map((c) => [...c]),
                offerLines: b.offerLines.map((c) => [...c]),
                couponCode: b.couponCode,
                discountMinor: b.discountMinor,
                contact: b.contact,
                answers: { ...b.answers },
                formId: b.form?.formId ?? null,
                formVersion: b.form?.version ?? null,
                contactId: contactOf(b),
                oneTimeLinkId: i === 0 ? oneTimeLinkId : null,
                classSessionId: sessionIds.get(b.id) ?? null,
                priceCents: b.priceCents,
                depositCents: b.depositCents,
                currency: b.currency,
                manageTokenHash: b.manageTokenHash,
                confirmedAt: b.status === "confirmed" ? now : null,
              })),
            );
            for (const [bookingId, redemptionId] of redemptions)
              await attachRedemption(tx, businessId, redemptionId, bookingId);
            // An attached form's answers are also a submission of that form (the series' first booking's).
            const answered = command.bookings.find((b) => b.form);
            if (answered?.form) await addBookingSubmission(tx, answered, answered.form, contactOf(answered), now);
            // Unpaid, the occupancy (staff and units) stops counting when its payment is due (like a hold).
            const owner = (b: (typeof command.bookings)[number]) => ({
              bookingId: b.id,
              ...(b.payment ? { holdExpiresAt: new Date(b.payment.dueAtMs) } : {}),
            });
            const items = command.bookings.flatMap((b) => itemRows(b.businessId, owner(b), b.items, b.active));
            if (items.length > 0) await tx.insert(t.bookingItems).values(items);
            const units = command.bookings.flatMap((b) => unitRows(b.businessId, owner(b), b.units, b.active));
            if (units.length > 0) await tx.insert(t.bookingResourceUnits).values(units);
            // A series' later occurrences are told in the first one's e-mail, but each still has its
            // own message: its webhooks, calendar writes and reminders come from it (toldWithSeries).
            const told = command.bookings.filter((b) => !b.payment);
            if (told.length > 0)
              await tx
                .insert(t.outbox)
                .values(
                  told.map((b) =>
                    outboxRow(
                      b.businessId,
                      seal(b.toldWithSeries ? { ...b.notification, toldWithSeries: true } : b.notification),
                    ),
                  ),
                );
            const paid = command.bookings.filter((b) => b.payment);
            if (paid.length > 0) await tx.insert(t.payments).values(paid.map((b) => paymentRow(b, seal)));
            if (command.idempotency) {
              // A key stored meanwhile by a concurrent request fails the insert (23505): nothing is booked.
              const { endpoint, key, requestHash, statusCode, body } = command.idempotency;
              await tx.insert(t.idempotencyKeys).values({
                endpoint,
                key,
                businessId,
                requestHash,
                statusCode,
                response: storedAnswer(body),
                createdAt: now,
              });
            }
          }),
        unitIds,
      );
    },

    async createHold(command) {
      // What the hold it replaces occupied, from the attempt that committed (a retry starts afresh).
      let replaced: ReleasedHold | null = null;
      const result = await withHoldPurge(
        command.businessId,
        command.staffIds,
        command.nowMs,
        () =>
          transact(async (tx) => {
            replaced =
              command.replacesHoldId && isUuid(command.replacesHoldId)
                ? await deleteHold(tx, command.businessId, command.calendarId, command.replacesHoldId)
                : null;
            const expiresAt = new Date(command.expiresAtMs);
            await tx.insert(t.holds).values({
              id: command.id,
              businessId: command.businessId,
              calendarId: command.calendarId,
              startsAt: new Date(command.startMs),
              endsAt: new Date(command.endMs),
              staffIds: [...command.staffIds],
              serviceIds: [...command.serviceIds],
              seats: command.seats,
              expiresAt,
            });
            await tx
              .insert(t.bookingItems)
              .values(
                itemRows(command.businessId, { holdId: command.id, holdExpiresAt: expiresAt }, command.items, true),
              );
            const units = unitRows(
              command.businessId,
              { holdId: command.id, holdExpiresAt: expiresAt },
              command.units,
              true,
            );
            if (units.length > 0) await tx.insert(t.bookingResourceUnits).values(units);
          }),
        (command.units ?? []).map((u) => u.unitId),
      );
      return result.ok ? { ...result, replaced } : result;
    },

    async releaseHold(businessId, calendarId, holdId) {
      if (!isUuid(holdId) || !isUuid(calendarId) || !isUuid(businessId)) return null;
      return db.transaction((tx) => deleteHold(tx, businessId, calendarId, holdId));
    },

    async reschedule(command) {
      const staffIds = [
        ...new Set(command.items.map((i) => i.staffId).concat(command.classSeats ? [command.classSeats.staffId] : [])),
      ];
      const { businessId, bookingId } = command;
      return withHoldPurge(
        businessId,
        staffIds,
        command.nowMs,
        () =>
          transact(async (tx) => {
            const [before] = await tx
              .select()
              .from(t.bookings)
              .where(
                and(
                  eq(t.bookings.id, bookingId),
                  eq(t.bookings.businessId, businessId),
                  eq(t.bookings.sequence, command.expectedSequence),
                  sql`${t.bookings.status} <> 'cancelled'`,
                ),
              )
              .for("update");
            if (!before) throw new Refused({ code: "BOOKING_CHANGED" });
            let classSessionId = before.classSessionId;
            if (command.classSeats) {
              if (before.classSessionId) await releaseSeats(tx, businessId, before.classSessionId, before.seats);
              classSessionId = await takeSeats(tx, before.businessId, before.calendarId, command.classSeats);
            }
            await tx
              .update(t.bookings)
              .set({
                startsAt: new Date(command.startMs),
                endsAt: new Date(command.endMs),
                staffId: command.staffId,
                staffIds: [...command.staffIds],
                previousStartsAt: before.startsAt,
                sequence: before.sequence + 1,
                classSessionId,
                updatedAt: new Date(command.nowMs),
              })
              .where(and(eq(t.bookings.id, bookingId), eq(t.bookings.businessId, businessId)));
            await tx
              .delete(t.bookingItems)
              .where(and(eq(t.bookingItems.bookingId, bookingId), eq(t.bookingItems.businessId, businessId)));
            await tx
              .delete(t.bookingResourceUnits)
              .where(
                and(eq(t.bookingResourceUnits.bookingId, bookingId), eq(t.bookingResourceUnits.businessId, businessId)),
              );
            if (command.items.length > 0)
              await tx
                .insert(t.bookingItems)
                .values(itemRows(before.businessId, { bookingId: before.id }, command.items, command.active));
            const units = unitRows(before.businessId, { bookingId: before.id }, command.units, command.active);
            if (units.length > 0) await tx.insert(t.bookingResourceUnits).values(units);
            await tx.insert(t.outbox).values(outboxRow(before.businessId, seal(command.notification)));
          }),
        (command.units ?? []).map((u) => u.unitId),
      );
    },

    async changeStatus(command) {
      let record: BookingRecord | undefined;
      const result = await transact(async (tx) => {
        const now = new Date(command.nowMs);
        const [row] = await tx
          .update(t.bookings)
          .set({
            status: command.to,
            sequence: sql`${t.bookings.sequence} + 1`,
            updatedAt: now,
            ...(command.to === "cancelled" ? { cancelledAt: now, cancelReason: command.cancelReason } : {}),
            ...(command.to === "confirmed" ? { confirmedAt: now } : {}),
          })
          .where(
            and(
              eq(t.bookings.id, command.bookingId),
              eq(t.bookings.businessId, command.businessId),
              inArray(t.bookings.status, [...command.from]),
            ),
          )
          .returning();
        if (!row) throw new Refused({ code: "BOOKING_CHANGED" });
        await tx
          .update(t.bookingItems)
          .set({ active: command.active })
          .where(and(eq(t.bookingItems.bookingId, row.id), eq(t.bookingItems.businessId, row.businessId)));
        if (row.classSessionId && command.to === "cancelled")
          await releaseSeats(tx, row.businessId, row.classSessionId, row.seats);
        if (command.refundMinor)
          await tx
            .update(t.payments)
            .set({
              refundDueMinor: sql`least(${t.payments.amountMinor}, ${t.payments.refundDueMinor} + ${command.refundMinor})`,
              updatedAt: now,
            })
            .where(
              and(
                eq(t.payments.bookingId, row.id),
                eq(t.payments.businessId, row.businessId),
                eq(t.payments.status, "succeeded"),
              ),
            );
        record = toRecord(row);
        await tx.insert(t.outbox).values(outboxRow(row.businessId, seal(command.notification(record))));
      });
      return result.ok ? { ok: true, record } : result;
    },
  };
}
