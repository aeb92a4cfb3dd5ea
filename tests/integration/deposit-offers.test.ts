/**
 * A deposit paid online together with variations, add-ons, a staff member's own price and a coupon
 * (issue 24), through the public booking API on PGlite and PostgreSQL. The demo salon takes no
 * deposit, so this is what proves the money asked for is the rule of the right line applied to that
 * line's price as the chosen member charges it, after the coupon: the quote, the booking and the
 * payment agree, and no money is kept by an attempt that ends without a booking.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../../src/adapters/db/schema.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import {
  at,
  bookingApp,
  contact,
  patchCalendarSettings,
  post,
  seedBookingFixture,
  type Fixture,
} from "./booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";
const GOOD = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };

describe.each(DATABASE_KINDS)("deposits with variations, staff prices and coupons on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  const ids = { short: randomUUID(), long: randomUUID(), conditioning: randomUUID() };
  const COUPON = "SPRING10";

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    const db = testDb.database.db;
    // The salon asks for the deposit online; it has no deposit rule of its own, so each line's counts.
    await patchCalendarSettings(testDb.database, fx.calendars.salon, { payment: "deposit", deposit: null });
    // The cut: €30 with a fixed €5 deposit; the long cut has its own 30 %, the short one the cut's.
    await testDb.database.execute("update services set deposit = $1::jsonb where id = $2", [
      JSON.stringify({ kind: "amount", amountCents: 500 }),
      fx.services.cut,
    ]);
    const base = { businessId: fx.businessId, serviceId: fx.services.cut };
    await db.insert(t.serviceVariations).values([
      { ...base, id: ids.short, position: 0, name: "Short", durationMinutes: 30, priceMinor: 3000 },
      {
        ...base,
        id: ids.long,
        position: 1,
        name: "Long",
        durationMinutes: 60,
        priceMinor: 5000,
        deposit: { kind: "percentage", percent: 30 },
      },
    ]);
    await db.insert(t.serviceAddOns).values({
      ...base,
      id: ids.conditioning,
      name: "Deep conditioning",
      durationMinutes: 15,
      priceMinor: 1500,
      maxQuantity: 1,
    });
    // s3, the senior stylist, charges €70 for the long cut.
    await db
      .insert(t.serviceStaffTerms)
      .values({ ...base, staffId: fx.staff.s3, variationId: ids.long, priceMinor: 7000 });
    await db.insert(t.coupons).values({
      businessId: fx.businessId,
      code: COUPON,
      value: { kind: "percentage", percent: 10 },
    });
    app = bookingApp(testDb.database);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const choice = (startTime: string, variationId: string, addOns: Json[] = []) => ({
    startTime,
    timezone: TZ,
    staffId: fx.staff.s3,
    serviceIds: [fx.services.cut],
    offers: [{ serviceId: fx.services.cut, variationId, addOns }],
    couponCode: COUPON,
  });
  const book = (body: Json) => post(app, "/api/bookings", { calendarId: fx.calendars.salon, contact, ...body });
  const quote = async (body: Json) => {
    const res = await post(app, `/api/calendars/${fx.calendars.salon}/quote`, body);
    expect(res.status).toBe(200);
    return (await res.json()) as Json;
  };
  const payments = async () =>
    (
      await testDb.database.execute(
        "select booking_id, kind, amount_minor, status, refunded_minor from payments where business_id = $1 order by created_at",
        [fx.businessId],
      )
    ).rows as Json[];
  const bookingStatus = async (id: string) =>
    ((await testDb.database.execute("select status from bookings where id = $1", [id])).rows[0] as Json).status;

  it("asks for the long cut's 30 % of the senior stylist's price with the add-on, after the coupon", async () => {
    const body = choice(at(7, "10:00"), ids.long, [{ addOnId: ids.conditioning, quantity: 1 }]);
    // Her €70 + the €15 add-on = €85; 10 % off = €76.50; the long cut's 30 % of that = €22.95.
    // (On the variation's own €50 it would be €17.55; before the coupon €25.50; the cut's rule €5.)
    const quoted = await quote(body);
    expect(quoted).toMatchObject({
      subtotalMinor: 8500,
      discountMinor: 850,
      totalMinor: 7650,
      depositMinor: 2295,
      couponCode: COUPON,
      payment: { kind: "deposit", amountMinor: 2295 },
    });

    const res = await book(body);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    expect(created).toMatchObject({ status: "pending_payment", priceCents: 7650, depositCents: 2295 });
    expect(created.payment).toMatchObject({ kind: "deposit", amountMinor: 2295, currency: "EUR" });
    expect(await payments()).toEqual([
      expect.objectContaining({ booking_id: created.id, kind: "deposit", amount_minor: 2295 }),
    ]);

    const paid = await post(app, `/api/payments/${created.payment.id}/test-card`, {
      clientSecret: created.payment.clientSecret,
      card: GOOD,
    });
    expect(paid.status).toBe(200);
    expect(await bookingStatus(created.id)).toBe("confirmed");
    const view = (await (
      await app.request(`/api/bookings/${created.id}`, { headers: { authorization: `Bearer ${created.manageToken}` } })
    ).json()) as Json;
    expect(view).toMatchObject({ priceCents: 7650, paidMinor: 2295 });
  });

  it("a variation without a deposit of its own takes the service's fixed one, on her discounted price", async () => {
    const body = choice(at(8, "10:00"), ids.short);
    // The short cut: €30, 10 % off = €27; the cut's fixed €5 deposit.
    const quoted = await quote(body);
    expect(quoted).toMatchObject({ totalMinor: 2700, discountMinor: 300, depositMinor: 500 });
    const created = (await (await book(body)).json()) as Json;
    expect(created).toMatchObject({ priceCents: 2700, depositCents: 500 });
    expect(created.payment).toMatchObject({ kind: "deposit", amountMinor: 500 });
  });

  it("keeps no money without a booking: a refused attempt makes no payment, an abandoned one is let go", async () => {
    const before = await payments();
    // The senior stylist is taken at 10:00 on the 7th (first test): refused, and nothing is asked for.
    const taken = await book(choice(at(7, "10:00"), ids.long, [{ addOnId: ids.conditioning, quantity: 1 }]));
    expect(taken.status).toBe(409);
    expect(await payments()).toEqual(before);

    const created = (await (await book(choice(at(9, "10:00"), ids.long))).json()) as Json;
    // €70, 10 % off = €63; 30 % = €18.90.
    expect(created.payment).toMatchObject({ kind: "deposit", amountMinor: 1890 });
    const gaveUp = await post(app, `/api/payments/${created.payment.id}/abandon`, {
      clientSecret: created.payment.clientSecret,
    });
    expect(gaveUp.status).toBe(204);
    expect(await bookingStatus(created.id)).toBe("cancelled");
    const after = await payments();
    expect(after.find((p) => p.booking_id === created.id)).toMatchObject({ amount_minor: 1890, status: "canceled" });
    // The one payment taken is the confirmed booking's.
    expect(after.filter((p) => p.status === "succeeded").map((p) => p.booking_id)).toEqual([
      before.find((p) => p.status === "succeeded")!.booking_id,
    ]);
    const late = await post(app, `/api/payments/${created.payment.id}/test-card`, {
      clientSecret: created.payment.clientSecret,
      card: GOOD,
    });
    expect(((await late.json()) as Json).code).toBe("PAYMENT_EXPIRED");
    expect(await payments()).toEqual(after);
  });

  it("quotes a series with a coupon as the series is booked: every occurrence's price and deposit summed", async () => {
    // A series needs one host (no service calendar): the personal calendar, €20 with a €5 deposit.
    await patchCalendarSettings(testDb.database, fx.calendars.personal, {
      recurring: { frequencies: ["weekly"], maxCount: 4, policy: "skip" },
    });
    const body = {
      startTime: at(14, "12:00"),
      timezone: TZ,
      couponCode: COUPON,
      recurring: { frequency: "weekly", count: 3, policy: "skip" },
    };
    const quote = await post(app, `/api/calendars/${fx.calendars.personal}/quote`, body);
    expect(quote.status).toBe(200);
    // Three times €20, each 10 % off (€18), each with its €5 deposit: the series, not one date.
    expect(await quote.json()).toEqual({
      currency: "EUR",
      subtotalMinor: 6000,
      discountMinor: 600,
      totalMinor: 5400,
      depositMinor: 1500,
      couponCode: COUPON,
      payment: null,
    });
    const preview = (await (
      await post(app, `/api/calendars/${fx.calendars.personal}/series-preview`, body)
    ).json()) as Json;
    expect(preview).toMatchObject({ totalMinor: 5400, depositMinor: 1500, discountMinor: 600 });

    const res = await post(app, "/api/bookings", { calendarId: fx.calendars.personal, contact, ...body });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    const rows = (
      await testDb.database.execute(
        "select price_cents, deposit_cents from bookings where series_id = (select series_id from bookings where id = $1)",
        [created.id],
      )
    ).rows as Json[];
    expect(rows.map((r) => [Number(r.price_cents), Number(r.deposit_cents)])).toEqual([
      [1800, 500],
      [1800, 500],
      [1800, 500],
    ]);
  });
});
