/**
 * The price quote (POST /api/calendars/{id}/quote, issue 24): the details step's "Apply" of a
 * coupon. On PGlite and PostgreSQL: the quote is the booking's own price (the same body booked
 * answers the same total, discount and deposit), it takes no coupon use, each refused coupon is its
 * own localised problem at `couponCode`, and the visitor's unfinished details are not checked yet.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../../src/adapters/db/schema.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { at, bookingApp, contact, post, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";

describe.each(DATABASE_KINDS)("price quotes on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database, { renderCalendarFile: undefined });
    const coupon = (code: string, extra: Partial<typeof t.coupons.$inferInsert> = {}) => ({
      businessId: fx.businessId,
      code,
      value: { kind: "percentage", percent: 10 } as const,
      ...extra,
    });
    await testDb.database.db
      .insert(t.coupons)
      .values([
        coupon("SPRING10"),
        coupon("ONCE", { value: { kind: "amount", amountMinor: 2000 }, maxUses: 1 }),
        coupon("ONEEACH", { maxUsesPerVisitor: 1 }),
        coupon("WINTER", { validUntil: new Date("2026-11-01T00:00:00Z") }),
        coupon("LATER", { validFrom: new Date("2027-01-01T00:00:00Z") }),
        coupon("COLOUR", { serviceIds: [fx.services.colour] }),
        coupon("SERIES2", { maxUses: 2, maxUsesPerVisitor: 1 }),
      ]);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const answer = async (res: Response | Promise<Response>) => {
    const r = await res;
    return { status: r.status, body: (await r.json()) as Json };
  };
  const quote = (calendarId: string, body: Json, headers: Record<string, string> = {}) =>
    answer(post(app, `/api/calendars/${calendarId}/quote`, { timezone: TZ, ...body }, headers));
  const book = (body: Json) => answer(post(app, "/api/bookings", { timezone: TZ, contact, ...body }));
  const uses = async (code: string) =>
    (
      await testDb.database.execute("select uses from coupons where business_id = $1 and code = $2", [
        fx.businessId,
        code,
      ])
    ).rows[0] as { uses: number };

  it("answers the price the booking then has: the discount shared over the lines before the deposit", async () => {
    const choice = { startTime: at(1, "10:00"), serviceIds: [fx.services.cut, fx.services.colour] };
    const plain = await quote(fx.calendars.salon, choice);
    expect(plain).toEqual({
      status: 200,
      body: {
        currency: "EUR",
        subtotalMinor: 12000,
        discountMinor: 0,
        totalMinor: 12000,
        depositMinor: 4500,
        couponCode: null,
        payment: null,
      },
    });
    const withCoupon = await quote(fx.calendars.salon, { ...choice, couponCode: " spring10 " });
    // €120 less 10 %: €3 off the cut and €9 off the colour, whose 50 % deposit is of the €81 left.
    expect(withCoupon.body).toEqual({
      currency: "EUR",
      subtotalMinor: 12000,
      discountMinor: 1200,
      totalMinor: 10800,
      depositMinor: 4050,
      couponCode: "SPRING10",
      payment: null,
    });
    const booked = await book({ calendarId: fx.calendars.salon, ...choice, couponCode: "SPRING10" });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ priceCents: 10800, depositCents: 4050, discountMinor: 1200 });
  });

  it("uses the calendar's own price and deposit outside service calendars", async () => {
    const res = await quote(fx.calendars.personal, { startTime: at(1, "11:00"), couponCode: "SPRING10" });
    // €20 less 10 %; the flat €5 deposit stays.
    expect(res.body).toMatchObject({ subtotalMinor: 2000, discountMinor: 200, totalMinor: 1800, depositMinor: 500 });
  });

  it("takes no use: only the booking does, and after the last one the quote says it is used up", async () => {
    const choice = { startTime: at(2, "10:00"), serviceIds: [fx.services.cut], couponCode: "once" };
    for (let i = 0; i < 2; i++)
      expect((await quote(fx.calendars.salon, choice)).body).toMatchObject({ discountMinor: 2000, totalMinor: 1000 });
    expect(await uses("ONCE")).toEqual({ uses: 0 });
    expect((await book({ calendarId: fx.calendars.salon, ...choice })).status).toBe(201);
    expect(await uses("ONCE")).toEqual({ uses: 1 });
    const usedUp = await quote(fx.calendars.salon, { ...choice, startTime: at(2, "12:00") });
    expect(usedUp.status).toBe(409);
    expect(usedUp.body).toMatchObject({
      code: "COUPON_USED_UP",
      errors: [expect.objectContaining({ path: "couponCode", code: "COUPON_USED_UP" })],
    });
  });

  it("checks a per-visitor limit against the e-mail when one is given", async () => {
    const choice = { startTime: at(3, "10:00"), serviceIds: [fx.services.cut], couponCode: "ONEEACH" };
    const booked = await book({ calendarId: fx.calendars.salon, ...choice, contact: { ...contact, email: "b@x.org" } });
    expect(booked.status).toBe(201);
    const later = { ...choice, startTime: at(3, "12:00") };
    const again = await quote(fx.calendars.salon, { ...later, email: "B@x.org" });
    expect(again.body.code).toBe("COUPON_ALREADY_USED");
    expect((await quote(fx.calendars.salon, { ...later, email: "c@x.org" })).status).toBe(200);
    expect((await quote(fx.calendars.salon, later)).status).toBe(200);
  });

  it("refuses each bad coupon with its own code at the field, in the visitor's language", async () => {
    const choice = { startTime: at(4, "10:00"), serviceIds: [fx.services.cut] };
    const unknown = await quote(fx.calendars.salon, { ...choice, couponCode: "NOPE" }, { "accept-language": "de" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: "COUPON_UNKNOWN",
      detail: "Diesen Gutscheincode gibt es nicht. Bitte prüfen Sie ihn.",
      errors: [expect.objectContaining({ path: "couponCode", code: "COUPON_UNKNOWN" })],
    });
    for (const [code, expected] of [
      ["WINTER", "COUPON_EXPIRED"],
      ["LATER", "COUPON_NOT_YET_VALID"],
      ["COLOUR", "COUPON_NOT_FOR_THIS_SERVICE"],
    ] as const)
      expect((await quote(fx.calendars.salon, { ...choice, couponCode: code })).body.code).toBe(expected);
  });

  it("does not ask for the details still being typed, but refuses a time that is not free", async () => {
    // The calendar asks two required questions and the visitor's address: none are needed for a price.
    const res = await quote(fx.calendars.questions, { startTime: at(5, "10:00") });
    expect(res.status).toBe(200);
    const choice = { startTime: at(5, "10:00"), serviceIds: [fx.services.cut], staffId: fx.staff.s2 };
    expect((await book({ calendarId: fx.calendars.salon, ...choice })).status).toBe(201);
    const taken = await quote(fx.calendars.salon, { ...choice, couponCode: "SPRING10" });
    const second = await book({ calendarId: fx.calendars.salon, ...choice, contact: { ...contact, email: "z@x.org" } });
    // The quote refuses as the booking does.
    expect([taken.status, taken.body.code]).toEqual([409, "RESOURCE_UNAVAILABLE"]);
    expect([second.status, second.body.code]).toEqual([409, "RESOURCE_UNAVAILABLE"]);
  });

  it("takes a coupon on a series: each occurrence discounted before its deposit, one use per series", async () => {
    // The personal calendar: €20 with a flat €5 deposit; weekly on days 8, 15 and 22 at 14:00.
    const series = {
      calendarId: fx.calendars.personal,
      startTime: at(8, "14:00"),
      recurring: { frequency: "weekly", count: 3, policy: "skip" },
      couponCode: "series2",
    };
    const preview = await answer(
      post(app, `/api/calendars/${fx.calendars.personal}/series-preview`, {
        timezone: TZ,
        ...series,
        email: "s1@x.org",
      }),
    );
    expect(preview.body).toMatchObject({ totalMinor: 3 * 1800, discountMinor: 3 * 200, couponCode: "SERIES2" });
    expect(preview.body.occurrences.map((o: Json) => o.priceMinor)).toEqual([1800, 1800, 1800]);

    const booked = await book({ ...series, contact: { ...contact, email: "s1@x.org" } });
    expect(booked.status).toBe(201);
    const rows = await testDb.database.execute(
      "select price_cents, deposit_cents, discount_minor, coupon_code from bookings where series_id = (select series_id from bookings where id = $1) order by occurrence_index",
      [booked.body.id],
    );
    expect(rows.rows).toEqual(
      Array.from({ length: 3 }, () => ({
        price_cents: 1800,
        deposit_cents: 500,
        discount_minor: 200,
        coupon_code: "SERIES2",
      })),
    );
    // One use for the whole series, recording its whole discount.
    expect(await uses("SERIES2")).toEqual({ uses: 1 });
    const redemptions = await testDb.database.execute(
      "select discount_minor from coupon_redemptions where booking_id = $1",
      [booked.body.id],
    );
    expect(redemptions.rows).toEqual([{ discount_minor: 600 }]);

    // The per-visitor limit holds for a second series, and the total limit ends at the second visitor's.
    const again = await book({ ...series, startTime: at(9, "14:00"), contact: { ...contact, email: "S1@x.org" } });
    expect([again.status, again.body.code]).toEqual([409, "COUPON_ALREADY_USED"]);
    const second = await book({ ...series, startTime: at(9, "14:00"), contact: { ...contact, email: "s2@x.org" } });
    expect(second.status).toBe(201);
    const third = await book({ ...series, startTime: at(10, "14:00"), contact: { ...contact, email: "s3@x.org" } });
    expect(third.body.code).toBe("COUPON_USED_UP");
  });

  it("validates the body at the edge", async () => {
    const res = await quote(fx.calendars.salon, { startTime: "soon", couponCode: 5 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_FAILED");
    const missing = await quote("00000000-0000-4000-8000-00000000dead", { startTime: at(4, "10:00") });
    expect(missing.status).toBe(404);
  });
});
