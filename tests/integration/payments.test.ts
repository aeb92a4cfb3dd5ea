/**
 * Paying for a booking with the built-in test provider, end to end over HTTP (`app.request()`), on
 * PGlite and PostgreSQL: the booking holds its time while unpaid, is confirmed only when paid, and
 * every failure ends consistent — a declined card keeps the hold, an expired hold frees the time,
 * a payment that arrives after the time was taken is refunded, never kept without a booking.
 */
import { serverAccount } from "../../src/app/payments/server-account.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentStore } from "../../src/adapters/db/bookings/payments.ts";
import { executorOf } from "../../src/adapters/db/bookings/executor.ts";
import { createTestPaymentProvider } from "../../src/adapters/payments/test-provider.ts";
import { expireUnpaidBookings } from "../../src/app/payments/pay-for-booking.ts";
import { notificationRecipients, renderNotification } from "../../src/adapters/email/render-notification.ts";
import type { NotificationMessage } from "../../src/core/notifications/notification.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import {
  patchCalendarSettings,
  businessHeaders,
  answerRequest,
  at,
  bookingApp,
  contact,
  NOW,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";
const GOOD = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
const MINUTE = 60_000;

describe.each(DATABASE_KINDS)("payments on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let nowMs = NOW.getTime();
  let app: ReturnType<typeof bookingApp>;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    // personal: 20.00 EUR, deposit 5.00 — paid in full; late: the same price, its deposit paid now.
    await patchCalendarSettings(testDb.database, fx.calendars.personal, { payment: "full", priceCents: 2000 });
    await patchCalendarSettings(testDb.database, fx.calendars.late, {
      payment: "deposit",
      priceCents: 2000,
      deposit: { kind: "percentage", percent: 25 },
    });
    app = bookingApp(testDb.database, {}, () => new Date(nowMs));
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const book = (calendarId: string, startTime: string) =>
    post(app, "/api/bookings", { calendarId, startTime, timezone: TZ, contact });
  const pay = (payment: Json, card: Json = GOOD, extra: Json = {}) =>
    post(app, `/api/payments/${payment.id}/test-card`, { clientSecret: payment.clientSecret, card, ...extra });
  const row = async (sql: string, params: unknown[]) => (await testDb.database.execute(sql, params)).rows[0] as Json;
  const bookingRow = (id: string) =>
    row("select status, cancel_reason, payment_due_at from bookings where id = $1", [id]);
  const paymentRow = (id: string) =>
    row("select status, refunded_minor, failure_code from payments where id = $1", [id]);
  const toldKinds = async (bookingId: string) =>
    (
      await testDb.database.execute(
        "select payload->>'kind' as kind from outbox where payload->'booking'->>'bookingId' = $1 order by created_at",
        [bookingId],
      )
    ).rows.map((r) => r.kind);
  const freeOn = async (calendarId: string, day: string) => {
    const res = await app.request(
      `/api/calendars/${calendarId}/free-slots?startDate=${day}&endDate=${day}&timezone=${encodeURIComponent(TZ)}`,
    );
    const body = (await res.json()) as Json;
    return (body[day]?.slots ?? []) as string[];
  };

  it("holds the time unpaid, tells nobody, and confirms once the card is paid", async () => {
    nowMs = NOW.getTime();
    const res = await book(fx.calendars.personal, at(8, "10:00"));
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    expect(created.status).toBe("pending_payment");
    expect(created.payment).toMatchObject({ provider: "test", kind: "full", amountMinor: 2000, currency: "EUR" });
    expect(Date.parse(created.payment.dueAt)).toBe(nowMs + 10 * MINUTE);
    expect((await bookingRow(created.id)).status).toBe("pending_payment");
    expect(await toldKinds(created.id)).toEqual([]);
    expect(await freeOn(fx.calendars.personal, "2026-12-08")).not.toContain(at(8, "10:00"));

    const declined = await pay(created.payment, { ...GOOD, number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as Json).code).toBe("PAYMENT_DECLINED");
    expect((await bookingRow(created.id)).status).toBe("pending_payment");

    const typo = await pay(created.payment, { number: "4242 4242 4242 4241", expiry: "01/20", cvc: "1" });
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as Json).errors.map((e: Json) => e.code)).toEqual([
      "CARD_NUMBER_INVALID",
      "CARD_EXPIRY_INVALID",
      "CARD_CVC_INVALID",
    ]);

    const stranger = await post(app, `/api/payments/${created.payment.id}/test-card`, {
      clientSecret: "not-the-secret",
      card: GOOD,
    });
    expect(stranger.status).toBe(404);

    const paid = await pay(created.payment);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ status: "succeeded", bookingId: created.id });
    expect(await bookingRow(created.id)).toMatchObject({ status: "confirmed", payment_due_at: null });
    expect(await paymentRow(created.payment.id)).toMatchObject({ status: "succeeded" });
    expect(await toldKinds(created.id)).toEqual(["booking_confirmed"]);

    // Asked again (a retried request), the same answer and nothing new.
    expect(await (await pay(created.payment)).json()).toEqual({ status: "succeeded", bookingId: created.id });
    expect(await toldKinds(created.id)).toEqual(["booking_confirmed"]);
  });

  it("asks for the deposit where the calendar takes one; the booking and the email say what was paid and what remains", async () => {
    const created = (await (await book(fx.calendars.late, at(9, "10:00"))).json()) as Json;
    expect(created.payment).toMatchObject({ kind: "deposit", amountMinor: 500 });
    expect(created).toMatchObject({ priceCents: 2000, depositCents: 500 });
    expect((await pay(created.payment)).status).toBe(200);

    const view = (await (
      await app.request(`/api/bookings/${created.id}`, { headers: { authorization: `Bearer ${created.manageToken}` } })
    ).json()) as Json;
    expect(view).toMatchObject({ status: "confirmed", paidMinor: 500 });

    const [told] = (
      await testDb.database.execute(
        "select payload from outbox where payload->'booking'->>'bookingId' = $1 and payload->>'kind' = 'booking_confirmed'",
        [created.id],
      )
    ).rows as { payload: NotificationMessage }[];
    expect(told!.payload.booking.payment).toEqual({ paidMinor: 500, totalMinor: 2000, currency: "EUR" });
    const email = renderNotification(told!.payload, notificationRecipients(told!.payload.booking)[0]!, {
      now: NOW,
      fallbackOrganizerEmail: "studio@example.com",
    });
    expect(email.text).toMatch(/Paid: €5\.00/);
    expect(email.text).toMatch(/Still to pay: €15\.00/);
  });

  it("cancelling gives money back by the calendar's policy; the business can give back the rest", async () => {
    nowMs = NOW.getTime();
    // Until 24 h before: all back.
    await patchCalendarSettings(testDb.database, fx.calendars.personal, { fullRefundHoursBefore: 24 });
    const early = (await (await book(fx.calendars.personal, at(17, "10:00"))).json()) as Json;
    expect((await pay(early.payment)).status).toBe(200);
    const auth = { authorization: `Bearer ${early.manageToken}`, "content-type": "application/json" };
    // Before cancelling, the manage page is told what cancelling now gives back: everything.
    expect(await (await app.request(`/api/bookings/${early.id}`, { headers: auth })).json()).toMatchObject({
      paidMinor: 2000,
      refundIfCancelledMinor: 2000,
    });
    const cancelled = await app.request(`/api/bookings/${early.id}/cancel`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ reason: null }),
    });
    expect(cancelled.status).toBe(200);
    // The cancelled screen says what comes back (and shows no "paid" or "remaining" for it).
    expect(await cancelled.json()).toMatchObject({ status: "cancelled", paidMinor: 0, refundedMinor: 2000 });
    const reread = await app.request(`/api/bookings/${early.id}`, { headers: auth });
    expect(await reread.json()).toMatchObject({ paidMinor: 0, refundedMinor: 2000 });
    expect(await paymentRow(early.payment.id)).toMatchObject({ status: "refunded", refunded_minor: 2000 });
    const [told] = (
      await testDb.database.execute(
        "select payload from outbox where payload->'booking'->>'bookingId' = $1 and payload->>'kind' = 'booking_cancelled'",
        [early.id],
      )
    ).rows as { payload: NotificationMessage }[];
    const email = renderNotification(told!.payload, notificationRecipients(told!.payload.booking)[0]!, {
      now: NOW,
      fallbackOrganizerEmail: "studio@example.com",
    });
    expect(email.text).toMatch(/Refunded: €20\.00/);

    // Past the limit the deposit is kept: "late" asks 30 days' notice for a full refund.
    await patchCalendarSettings(testDb.database, fx.calendars.late, { fullRefundHoursBefore: 720 });
    const kept = (await (await book(fx.calendars.late, at(18, "10:00"))).json()) as Json;
    expect((await pay(kept.payment)).status).toBe(200);
    // Told before: the deposit (all that was paid) is kept, nothing comes back.
    const keptView = await app.request(`/api/bookings/${kept.id}`, {
      headers: { authorization: `Bearer ${kept.manageToken}` },
    });
    expect(await keptView.json()).toMatchObject({ paidMinor: 500, refundIfCancelledMinor: 0 });
    const keptCancel = await app.request(`/api/bookings/${kept.id}/cancel`, {
      method: "POST",
      headers: { authorization: `Bearer ${kept.manageToken}`, "content-type": "application/json" },
      body: JSON.stringify({ reason: "ill" }),
    });
    expect(await keptCancel.json()).toMatchObject({ status: "cancelled", paidMinor: 500, refundedMinor: 0 });
    expect(await paymentRow(kept.payment.id)).toMatchObject({ status: "succeeded", refunded_minor: 0 });

    // The business gives it back anyway, through its API: listed, refunded, recorded.
    const business = await businessHeaders(testDb.database, fx, "test");
    const listed = (await (
      await app.request(`/api/business/bookings/${kept.id}/payments`, { headers: business })
    ).json()) as Json[];
    expect(listed).toMatchObject([{ kind: "deposit", status: "succeeded", amountMinor: 500, refundedMinor: 0 }]);
    const refunded = await app.request(`/api/business/bookings/${kept.id}/refund`, {
      method: "POST",
      headers: business,
      body: JSON.stringify({ amountMinor: 200 }),
    });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject([{ status: "succeeded", refundedMinor: 200, refundDueMinor: 200 }]);
    const rest = await app.request(`/api/business/bookings/${kept.id}/refund`, {
      method: "POST",
      headers: business,
      body: "{}",
    });
    expect(await rest.json()).toMatchObject([{ status: "refunded", refundedMinor: 500 }]);
  });

  it("a request's money is held on the card: taken when the business confirms, let go when it declines", async () => {
    nowMs = NOW.getTime();
    await patchCalendarSettings(testDb.database, fx.calendars.requests, { payment: "full", priceCents: 3000 });
    const business = await businessHeaders(testDb.database, fx, "requests");
    const answer = (id: string, action: "confirm" | "decline") => answerRequest(app, business, id, action);

    const asked = (await (await book(fx.calendars.requests, at(22, "10:00"))).json()) as Json;
    expect(asked.status).toBe("pending_payment");
    // The business sees it waiting for its payment.
    const waiting = await app.request("/api/business/bookings?from=2026-12-22&to=2026-12-22&status=pending_payment", {
      headers: business,
    });
    expect(waiting.status).toBe(200);
    expect(((await waiting.json()) as Json[]).map((b) => b.id)).toEqual([asked.id]);
    expect((await pay(asked.payment)).status).toBe(200);
    expect(await bookingRow(asked.id)).toMatchObject({ status: "new" });
    expect(await paymentRow(asked.payment.id)).toMatchObject({ status: "authorized" });
    const view = (await (
      await app.request(`/api/bookings/${asked.id}`, { headers: { authorization: `Bearer ${asked.manageToken}` } })
    ).json()) as Json;
    expect(view).toMatchObject({ status: "new", paidMinor: 0, heldMinor: 3000 });
    const [told] = (
      await testDb.database.execute(
        "select payload from outbox where payload->'booking'->>'bookingId' = $1 and payload->>'kind' = 'request_received'",
        [asked.id],
      )
    ).rows as { payload: NotificationMessage }[];
    expect(told!.payload.booking.payment).toMatchObject({ paidMinor: 3000, held: true });

    expect((await answer(asked.id, "confirm")).status).toBe(200);
    expect(await paymentRow(asked.payment.id)).toMatchObject({ status: "succeeded" });
    expect(await bookingRow(asked.id)).toMatchObject({ status: "confirmed" });

    const declined = (await (await book(fx.calendars.requests, at(22, "12:00"))).json()) as Json;
    expect((await pay(declined.payment)).status).toBe(200);
    expect((await answer(declined.id, "decline")).status).toBe(200);
    expect(await paymentRow(declined.payment.id)).toMatchObject({ status: "canceled", refunded_minor: 0 });
  });

  it("an extra confirmation step: approved pays, denied declines", async () => {
    const first = (await (await book(fx.calendars.personal, at(8, "12:00"))).json()) as Json;
    const secure = { ...GOOD, number: "4000002500003155" };
    expect(await (await pay(first.payment, secure)).json()).toEqual({ status: "requires_action" });
    const approved = await pay(first.payment, secure, { authentication: "approve" });
    expect(((await approved.json()) as Json).status).toBe("succeeded");

    const second = (await (await book(fx.calendars.personal, at(8, "14:00"))).json()) as Json;
    const denied = await pay(second.payment, secure, { authentication: "deny" });
    expect(denied.status).toBe(402);
    expect(await paymentRow(second.payment.id)).toMatchObject({
      status: "failed",
      failure_code: "authentication_failed",
    });
  });

  it("giving up releases the time at once", async () => {
    const created = (await (await book(fx.calendars.personal, at(10, "10:00"))).json()) as Json;
    expect(await freeOn(fx.calendars.personal, "2026-12-10")).not.toContain(at(10, "10:00"));
    const res = await post(app, `/api/payments/${created.payment.id}/abandon`, {
      clientSecret: created.payment.clientSecret,
    });
    expect(res.status).toBe(204);
    expect(await bookingRow(created.id)).toMatchObject({ status: "cancelled", cancel_reason: "payment_expired" });
    expect(await freeOn(fx.calendars.personal, "2026-12-10")).toContain(at(10, "10:00"));
    // The visitor saw it happen on the page: no email.
    expect(await toldKinds(created.id)).toEqual([]);
    const late = await pay(created.payment);
    expect(((await late.json()) as Json).code).toBe("PAYMENT_EXPIRED");
  });

  it("time runs out: another visitor gets the slot, and the late payment is refunded, never kept", async () => {
    nowMs = NOW.getTime();
    const first = (await (await book(fx.calendars.personal, at(11, "10:00"))).json()) as Json;
    nowMs += 11 * MINUTE;
    expect(await freeOn(fx.calendars.personal, "2026-12-11")).toContain(at(11, "10:00"));
    const second = await book(fx.calendars.personal, at(11, "10:00"));
    expect(second.status).toBe(201);
    expect(await bookingRow(first.id)).toMatchObject({ status: "cancelled", cancel_reason: "payment_expired" });

    const late = await pay(first.payment);
    expect(late.status).toBe(409);
    expect(((await late.json()) as Json).code).toBe("PAYMENT_EXPIRED");
    nowMs = NOW.getTime();
  });

  it("paid just after the sweep released it: kept if the time is still free, refunded if not", async () => {
    nowMs = NOW.getTime();
    const kept = (await (await book(fx.calendars.personal, at(14, "10:00"))).json()) as Json;
    const lost = (await (await book(fx.calendars.personal, at(14, "12:00"))).json()) as Json;
    // The provider reports success after the time ran out (a slow bank), with no sweep in between.
    nowMs += 11 * MINUTE;
    const store = paymentStore(executorOf(testDb.database));
    const taken = await book(fx.calendars.personal, at(14, "12:00"));
    expect(taken.status).toBe(201);
    expect(await bookingRow(lost.id)).toMatchObject({ status: "cancelled" });
    await store.settlePayment(kept.payment.id, nowMs);
    expect(await bookingRow(kept.id)).toMatchObject({ status: "confirmed" });
    const refund = await store.settlePayment(lost.payment.id, nowMs);
    expect(refund).toEqual({ kind: "refund", reason: "slot_taken" });
    // The visitor, never told of a booking, was told the time was let go, then of the refund.
    expect(await toldKinds(lost.id)).toEqual(["payment_expired", "payment_refunded"]);
    const [told] = (
      await testDb.database.execute(
        "select payload from outbox where payload->'booking'->>'bookingId' = $1 and payload->>'kind' = 'payment_refunded'",
        [lost.id],
      )
    ).rows as { payload: NotificationMessage }[];
    const email = renderNotification(told!.payload, notificationRecipients(told!.payload.booking)[0]!, {
      now: NOW,
      fallbackOrganizerEmail: "studio@example.com",
    });
    expect(email.subject).toMatch(/^Payment refunded: /);
    expect(email.text).toMatch(/Refunded: €20\.00/);
    expect(email.text).not.toMatch(/Manage booking/);
    nowMs = NOW.getTime();
  });

  it("the sweep releases what nobody paid for", async () => {
    nowMs = NOW.getTime();
    const created = (await (await book(fx.calendars.personal, at(15, "10:00"))).json()) as Json;
    const deps = {
      store: paymentStore(executorOf(testDb.database)),
      providers: serverAccount(createTestPaymentProvider()),
      clock: () => new Date(nowMs),
    };
    expect(await expireUnpaidBookings(deps)).toBe(0);
    nowMs += 10 * MINUTE;
    expect(await expireUnpaidBookings(deps)).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(created.id)).toMatchObject({ status: "cancelled", cancel_reason: "payment_expired" });
    expect(await paymentRow(created.payment.id)).toMatchObject({ status: "canceled" });
    // The visitor may have closed the tab before the countdown ended: they are told by email, once.
    expect(await expireUnpaidBookings(deps)).toBe(0);
    expect(await toldKinds(created.id)).toEqual(["payment_expired"]);
    const [told] = (
      await testDb.database.execute(
        "select payload from outbox where payload->'booking'->>'bookingId' = $1 and payload->>'kind' = 'payment_expired'",
        [created.id],
      )
    ).rows as { payload: NotificationMessage }[];
    expect(notificationRecipients(told!.payload.booking, "payment_expired").map((r) => r.role)).toEqual(["contact"]);
    const email = renderNotification(told!.payload, notificationRecipients(told!.payload.booking)[0]!, {
      now: NOW,
      fallbackOrganizerEmail: "studio@example.com",
    });
    expect(email.subject).toMatch(/^Not booked, payment not completed: /);
    expect(email.text).toContain(
      `Choose a time again: https://book.example.com/widget/booking/${fx.calendars.personal}\n`,
    );
    expect(email.calendar).toBeUndefined();
    nowMs = NOW.getTime();
  });

  it.runIf(kind === "postgres")(
    "100 visitors pay for the last seat of a class at once: one confirmed, nobody else charged",
    async () => {
      nowMs = NOW.getTime();
      await patchCalendarSettings(testDb.database, fx.calendars.yoga, { payment: "full", priceCents: 1500 });
      const start = at(21, "10:00");
      // Four of the five seats go first.
      for (let i = 0; i < 4; i++) {
        const taken = (await (await book(fx.calendars.yoga, start)).json()) as Json;
        expect((await pay(taken.payment)).status).toBe(200);
      }
      const answers = await Promise.all(Array.from({ length: 100 }, () => book(fx.calendars.yoga, start)));
      const held = answers.filter((r) => r.status === 201);
      expect(held).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(99);
      const last = (await held[0]!.json()) as Json;
      const paid = await Promise.all(Array.from({ length: 20 }, () => pay(last.payment)));
      expect(paid.every((r) => r.status === 200)).toBe(true);
      const seats = await row(
        "select seats_taken, seats_total from class_sessions where calendar_id = $1 and starts_at = $2",
        [fx.calendars.yoga, start],
      );
      expect(seats).toEqual({ seats_taken: 5, seats_total: 5 });
      const charged = await row(
        `select count(*)::int as n from payments p join bookings b on b.id = p.booking_id
        where b.calendar_id = $1 and b.starts_at = $2 and p.status = 'succeeded'`,
        [fx.calendars.yoga, start],
      );
      expect(charged.n).toBe(5);
    },
  );

  it.runIf(kind === "postgres")("40 visitors book and pay for one slot at once: one booking, one payment", async () => {
    nowMs = NOW.getTime();
    const answers = await Promise.all(Array.from({ length: 40 }, () => book(fx.calendars.personal, at(16, "10:00"))));
    const created = answers.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const booking = (await created[0]!.json()) as Json;
    const paid = await Promise.all(Array.from({ length: 10 }, () => pay(booking.payment)));
    expect(paid.every((r) => r.status === 200)).toBe(true);
    const count = await row("select count(*)::int as n from payments where booking_id = $1 and status = 'succeeded'", [
      booking.id,
    ]);
    expect(count.n).toBe(1);
    expect(await toldKinds(booking.id)).toEqual(["booking_confirmed"]);
  });
});
