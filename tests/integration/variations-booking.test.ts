/**
 * Variations, add-ons and a staff member's own price (issue 24, ADR 0031) through the public booking
 * API, on PGlite and PostgreSQL: free slots plan the chosen variation plus its add-ons with the
 * variation's after-buffer after the last add-on; the booking is priced line by line (the senior
 * stylist's own price), stores its lines and occupancy, names them in the notification and the
 * calendar file, refuses a bad choice with a localised problem, and keeps its length when moved.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../../src/adapters/db/schema.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { at, bookingApp, contact, post, seedBookingFixture, type Fixture } from "./booking-fixtures.ts";
import { businessApp, call, expectStatus, newBusiness, type App as BusinessApp } from "./business-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const TZ = "Europe/Berlin";
const MINUTE = 60_000;
const paths = (body: { errors?: { path: string; code: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path}:${e.code}`);

describe.each(DATABASE_KINDS)("variations and add-ons in bookings on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  const ids = { short: randomUUID(), long: randomUUID(), conditioning: randomUUID() };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    const db = testDb.database.db;
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
        deposit: { kind: "percentage", percent: 20 },
        bufferAfterMinutes: 10,
      },
    ]);
    await db.insert(t.serviceAddOns).values({
      ...base,
      id: ids.conditioning,
      name: "Deep conditioning",
      durationMinutes: 15,
      priceMinor: 1500,
      maxQuantity: 2,
    });
    // Staff s3 is the senior stylist: the long cut costs €65 with them.
    await db.insert(t.serviceStaffTerms).values([
      { ...base, staffId: fx.staff.s3, variationId: ids.long, priceMinor: 6500 },
      // … and takes 45 minutes over the short cut (ADR 0051: planned at her own length).
      { ...base, staffId: fx.staff.s3, variationId: ids.short, durationMinutes: 45 },
    ]);
    app = bookingApp(testDb.database, { renderCalendarFile: undefined });
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const longWithConditioning = (quantity = 1) => ({
    serviceId: fx.services.cut,
    variationId: ids.long,
    addOns: [{ addOnId: ids.conditioning, quantity }],
  });
  const book = (body: Json, headers: Record<string, string> = {}) =>
    post(app, "/api/bookings", { timezone: TZ, contact, calendarId: fx.calendars.salon, ...body }, headers);
  const slotsOn = async (date: string, query: string) => {
    const res = await app.request(
      `/api/calendars/${fx.calendars.salon}/free-slots?startDate=${date}&endDate=${date}&timezone=${TZ}&${query}`,
    );
    return { status: res.status, body: (await res.json()) as Json };
  };

  it("offers the starts the whole appointment fits: variation, add-on, then the variation's buffer", async () => {
    const offers = `${fx.services.cut}:${ids.long}:${ids.conditioning}*1`;
    const { status, body } = await slotsOn(
      "2026-12-01",
      `serviceIds=${fx.services.cut}&staffId=${fx.staff.s2}&offers=${offers}`,
    );
    expect(status).toBe(200);
    const slots = body["2026-12-01"].slots as string[];
    // 60 + 15 minutes: the last 15-minute start that ends by 17:00 is 15:45 (a buffer may run past closing).
    expect(slots.at(-1)).toBe("2026-12-01T15:45:00+01:00");
    const short = await slotsOn(
      "2026-12-01",
      `serviceIds=${fx.services.cut}&staffId=${fx.staff.s2}&offers=${fx.services.cut}:${ids.short}:`,
    );
    expect((short.body["2026-12-01"].slots as string[]).at(-1)).toBe("2026-12-01T16:30:00+01:00");
  });

  it("refuses a service with variations booked bare, and too many of an add-on, in the visitor's language", async () => {
    const bare = await slotsOn("2026-12-01", `serviceIds=${fx.services.cut}`);
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("VARIATION_REQUIRED");

    const tooMany = await book(
      { startTime: at(2, "10:00"), serviceIds: [fx.services.cut], offers: [longWithConditioning(3)] },
      { "accept-language": "de" },
    );
    expect(tooMany.status).toBe(400);
    const problem = (await tooMany.json()) as Json;
    expect(problem.code).toBe("ADD_ON_QUANTITY");
    expect(problem.detail).toBe("Sie können diese Zusatzleistung höchstens 2 Mal hinzufügen.");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "offers.0", code: "ADD_ON_QUANTITY" })]);

    const unknown = await book({
      startTime: at(2, "10:00"),
      serviceIds: [fx.services.cut],
      offers: [{ serviceId: fx.services.cut, variationId: randomUUID() }],
    });
    expect(((await unknown.json()) as Json).code).toBe("UNKNOWN_VARIATION");
  });

  it("books the long cut with an add-on: 75 minutes, priced line by line, buffer after the add-on", async () => {
    const res = await book({
      startTime: at(3, "10:00"),
      staffId: fx.staff.s2,
      serviceIds: [fx.services.cut],
      offers: [longWithConditioning()],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    expect(created).toMatchObject({
      startTime: "2026-12-03T10:00:00+01:00",
      endTime: "2026-12-03T11:15:00+01:00",
      serviceIds: [fx.services.cut],
      priceCents: 6500,
      // The long cut's own 20 % deposit, on the whole line.
      depositCents: 1300,
    });
    expect(created.offerLines).toEqual([
      [
        {
          serviceId: fx.services.cut,
          variationId: ids.long,
          variationName: "Long",
          durationMinutes: 75,
          priceMinor: 6500,
          parts: [
            expect.objectContaining({ kind: "service", name: "Cut — Long", durationMinutes: 60, priceMinor: 5000 }),
            expect.objectContaining({ kind: "add_on", name: "Deep conditioning", quantity: 1, priceMinor: 1500 }),
          ],
        },
      ],
    ]);

    const items = await testDb.database.execute(
      "select service_id, lower(blocked) as lo, upper(blocked) as hi from booking_items where booking_id = $1",
      [created.id],
    );
    expect(items.rows).toHaveLength(1);
    const item = items.rows[0] as { service_id: string; lo: string | Date; hi: string | Date };
    expect(item.service_id).toBe(fx.services.cut);
    expect(new Date(item.hi).getTime()).toBe(Date.parse(created.endTime) + 10 * MINUTE);

    // The notification names the variation and add-on and gives the price and the deposit it asks for.
    const outbox = await testDb.database.execute(
      "select payload from outbox where payload->'booking'->>'bookingId' = $1",
      [created.id],
    );
    const booking = (outbox.rows[0] as { payload: Json }).payload.booking as Json;
    expect(booking.serviceNames).toEqual(["Cut — Long", "Deep conditioning"]);
    expect(booking.price).toEqual({ totalMinor: 6500, currency: "EUR", depositMinor: 1300 });

    // The manage view and a reschedule keep the booked lines and their length.
    const auth = { authorization: `Bearer ${created.manageToken}` };
    const view = (await (await app.request(`/api/bookings/${created.id}`, { headers: auth })).json()) as Json;
    expect(view.offerLines[0][0].durationMinutes).toBe(75);
    const moved = await post(
      app,
      `/api/bookings/${created.id}/reschedule`,
      { startTime: at(3, "13:00"), timezone: TZ },
      auth,
    );
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Json).endTime).toBe("2026-12-03T14:15:00+01:00");

    // The long cut's 10-minute buffer follows the add-on: the stylist is not free again before 14:25.
    const short = (startTime: string) =>
      book({
        startTime,
        staffId: fx.staff.s2,
        serviceIds: [fx.services.cut],
        offers: [{ serviceId: fx.services.cut, variationId: ids.short }],
        contact: { ...contact, email: `next-${startTime.slice(11, 13)}@example.com` },
      });
    expect((await short(at(3, "14:15"))).status).toBe(409);
    expect((await short(at(3, "14:30"))).status).toBe(201);
  });

  it("charges the senior stylist's own price for the long cut", async () => {
    const res = await book({
      startTime: at(4, "10:00"),
      staffId: fx.staff.s3,
      serviceIds: [fx.services.cut],
      offers: [longWithConditioning(2)],
      contact: { ...contact, email: "grace@example.com" },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    // €65 with this stylist, plus two conditionings of €15; 60 + 2 × 15 minutes.
    expect(created).toMatchObject({ priceCents: 9500, endTime: "2026-12-04T11:30:00+01:00" });
    expect(created.offerLines[0][0].parts[0]).toMatchObject({ name: "Cut — Long", priceMinor: 6500 });
  });

  it("plans each stylist at her own length under any available: slots, hold and booking", async () => {
    const short = { serviceId: fx.services.cut, variationId: ids.short };
    // s2 (30 minutes) is taken 10:00–10:30 and from 16:00; s3 takes 45 minutes over the short cut.
    for (const [startTime, email] of [
      [at(6, "10:00"), "early@example.com"],
      [at(6, "16:00"), "late@example.com"],
      [at(6, "16:30"), "later@example.com"],
    ] as const)
      expect(
        (
          await book({
            startTime,
            staffId: fx.staff.s2,
            serviceIds: [fx.services.cut],
            offers: [short],
            contact: { ...contact, email },
          })
        ).status,
      ).toBe(201);
    const any = `serviceIds=${fx.services.cut}&offers=${fx.services.cut}:${ids.short}:`;
    const slots = (await slotsOn("2026-12-06", any)).body["2026-12-06"].slots as string[];
    // After 16:00 only s3 is free: her 45 minutes must end by 17:00.
    expect(slots.filter((x) => x >= at(6, "16:00"))).toEqual([at(6, "16:00"), at(6, "16:15")]);

    const hold = await post(app, `/api/calendars/${fx.calendars.salon}/holds`, {
      timezone: TZ,
      startTime: at(6, "10:00"),
      serviceIds: [fx.services.cut],
      offers: [short],
    });
    expect(hold.status).toBe(201);
    const held = (await hold.json()) as Json;
    expect(held.assignments).toEqual([{ guestIndex: 0, serviceId: fx.services.cut, staffId: fx.staff.s3 }]);

    const res = await book({
      startTime: at(6, "10:00"),
      serviceIds: [fx.services.cut],
      offers: [short],
      holdId: held.holdId,
      contact: { ...contact, email: "any@example.com" },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    expect(created).toMatchObject({ endTime: "2026-12-06T10:45:00+01:00", priceCents: 3000 });
    expect(created.offerLines[0][0]).toMatchObject({ durationMinutes: 45, priceMinor: 3000 });
    const items = await testDb.database.execute(
      "select staff_id, upper(blocked) as hi from booking_items where booking_id = $1",
      [created.id],
    );
    expect(items.rows).toEqual([expect.objectContaining({ staff_id: fx.staff.s3 })]);
  });

  it("takes each attendee's own variation: the booker's long cut, the guest's short one", async () => {
    const res = await book({
      startTime: at(8, "10:00"),
      serviceIds: [fx.services.cut],
      guestCarts: [[fx.services.cut]],
      offers: [
        { serviceId: fx.services.cut, variationId: ids.long },
        { serviceId: fx.services.cut, attendee: 1, variationId: ids.short },
      ],
      contact: { ...contact, email: "pair@example.com" },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    // s2 cuts the booker's long hair (60 min, €50); s3, who takes 45 minutes over a short cut, the guest's (€30).
    expect(created).toMatchObject({ priceCents: 8000, endTime: "2026-12-08T11:00:00+01:00" });
    expect(created.offerLines.map((cart: Json[]) => cart.map((l) => [l.variationName, l.durationMinutes]))).toEqual([
      [["Long", 60]],
      [["Short", 45]],
    ]);
    // The same choice through the query form of free slots: `serviceId@1:…` is the guest's own.
    const offers = `${fx.services.cut}:${ids.long}:;${fx.services.cut}@1:${ids.short}:`;
    const { status } = await slotsOn(
      "2026-12-08",
      `serviceIds=${fx.services.cut}&guestCarts=${fx.services.cut}&offers=${encodeURIComponent(offers)}`,
    );
    expect(status).toBe(200);
  });

  it("takes a coupon off before the deposit, and refuses each bad one with its own localised message", async () => {
    const db = testDb.database.db;
    const coupon = (code: string, extra: Partial<typeof t.coupons.$inferInsert> = {}) =>
      db.insert(t.coupons).values({
        businessId: fx.businessId,
        code,
        value: { kind: "percentage", percent: 10 },
        ...extra,
      });
    await coupon("SPRING10");
    await coupon("ONCE", { value: { kind: "amount", amountMinor: 2000 }, maxUses: 1 });
    await coupon("WINTER", { validUntil: new Date("2026-11-01T00:00:00Z") });
    await coupon("COLOUR", { serviceIds: [fx.services.colour] });
    const withCoupon = (couponCode: string, day: number, email: string, headers: Record<string, string> = {}) =>
      book(
        {
          startTime: at(day, "12:00"),
          staffId: fx.staff.s2,
          serviceIds: [fx.services.cut],
          offers: [longWithConditioning()],
          couponCode,
          contact: { ...contact, email },
        },
        headers,
      );

    const res = await withCoupon(" spring10 ", 8, "coupon@example.com");
    expect(res.status).toBe(201);
    // €65 less 10 %; the long cut's 20 % deposit is worked out on what is left.
    expect(await res.json()).toMatchObject({
      priceCents: 5850,
      depositCents: 1170,
      couponCode: "SPRING10",
      discountMinor: 650,
    });

    expect((await withCoupon("ONCE", 9, "first@example.com")).status).toBe(201);
    const usedUp = await withCoupon("ONCE", 10, "second@example.com", { "accept-language": "fr" });
    expect(usedUp.status).toBe(409);
    expect(await usedUp.json()).toMatchObject({
      code: "COUPON_USED_UP",
      detail: "Ce code promo a atteint sa limite d’utilisation.",
      errors: [expect.objectContaining({ path: "couponCode", code: "COUPON_USED_UP" })],
    });
    for (const [code, expected] of [
      ["NOPE", "COUPON_UNKNOWN"],
      ["WINTER", "COUPON_EXPIRED"],
      ["COLOUR", "COUPON_NOT_FOR_THIS_SERVICE"],
    ] as const) {
      const refused = await withCoupon(code, 11, "other@example.com");
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as Json).code).toBe(expected);
    }
    const uses = await testDb.database.execute("select code, uses from coupons where business_id = $1 order by code", [
      fx.businessId,
    ]);
    expect(uses.rows).toEqual([
      { code: "COLOUR", uses: 0 },
      { code: "ONCE", uses: 1 },
      { code: "SPRING10", uses: 1 },
      { code: "WINTER", uses: 0 },
    ]);
  });

  it("names the variation and add-on in the calendar file", async () => {
    const withIcs = bookingApp(testDb.database);
    const res = await post(withIcs, "/api/bookings", {
      timezone: TZ,
      contact: { ...contact, email: "ics@example.com" },
      calendarId: fx.calendars.salon,
      startTime: at(7, "09:00"),
      serviceIds: [fx.services.cut],
      offers: [longWithConditioning()],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    const ics = await withIcs.request(`/api/bookings/${created.id}/calendar.ics`, {
      headers: { authorization: `Bearer ${created.manageToken}` },
    });
    expect(ics.status).toBe(200);
    const text = (await ics.text()).replace(/\r\n[ \t]/g, "");
    expect(text).toContain("Services: Cut — Long\\, Deep conditioning");
    expect(text).toContain("DTSTART:20261207T080000Z");
    expect(text).toContain("DTEND:20261207T091500Z");
  });
});

describe.each(DATABASE_KINDS)("variations, add-ons and staff terms through the business API on %s", (kind) => {
  let testDb: TestDatabase;
  let app: BusinessApp;
  let key: string;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    key = (await newBusiness(testDb.database, "Variation Studio")).key;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("creates, reads back, changes and removes variations, add-ons and a stylist's price", async () => {
    const senior = await expectStatus(201, app, "POST", "/api/business/staff", key, {
      name: "Sam",
      email: "sam@variation.example",
      timeZone: "Europe/Paris",
    });
    const created = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "haircut",
      name: "Haircut",
      durationMinutes: 30,
      priceCents: 3000,
      staffIds: [senior.id],
      variations: [
        { name: "Short", durationMinutes: 30, priceMinor: 3000 },
        { name: "Long", durationMinutes: 60, priceMinor: 5000, bufferAfterMinutes: 10 },
      ],
      addOns: [{ name: "Deep conditioning", durationMinutes: 15, priceMinor: 1500, maxQuantity: 2 }],
    });
    expect(created.variations.map((v: Json) => [v.name, v.durationMinutes, v.priceMinor])).toEqual([
      ["Short", 30, 3000],
      ["Long", 60, 5000],
    ]);
    expect(created.addOns).toEqual([expect.objectContaining({ name: "Deep conditioning", maxQuantity: 2 })]);
    const [short, long] = created.variations as Json[];

    // The long cut costs more with Sam; Short goes; a new Medium comes; the add-on gets dearer.
    const patched = await expectStatus(200, app, "PATCH", `/api/business/services/${created.id}`, key, {
      variations: [
        { id: long!.id, name: "Long", durationMinutes: 60, priceMinor: 5200, bufferAfterMinutes: 10 },
        { name: "Medium", durationMinutes: 45, priceMinor: 4000 },
      ],
      addOns: [
        { id: created.addOns[0].id, name: "Deep conditioning", durationMinutes: 15, priceMinor: 1800, maxQuantity: 2 },
      ],
      staffTerms: [{ staffId: senior.id, variationId: long!.id, durationMinutes: null, priceMinor: 6500 }],
    });
    expect(patched.variations.map((v: Json) => v.name)).toEqual(["Long", "Medium"]);
    expect(patched.variations[0]).toMatchObject({ id: long!.id, priceMinor: 5200, bufferAfterMinutes: 10 });
    expect(patched.addOns[0]).toMatchObject({ id: created.addOns[0].id, priceMinor: 1800 });
    expect(patched.staffTerms).toEqual([
      { staffId: senior.id, variationId: long!.id, durationMinutes: null, priceMinor: 6500 },
    ]);
    const read = await expectStatus(200, app, "GET", `/api/business/services/${created.id}`, key);
    expect(read).toEqual(patched);

    // A removed variation or someone else's staff member is refused at its path.
    const stale = await call(app, "PATCH", `/api/business/services/${created.id}`, key, {
      variations: [{ id: short!.id, name: "Short", durationMinutes: 30 }],
    });
    expect(stale.status).toBe(404);
    expect(paths(stale.body as Json)).toEqual(["variations.0.id:not_found"]);
    const stranger = await call(app, "PATCH", `/api/business/services/${created.id}`, key, {
      staffTerms: [{ staffId: randomUUID(), variationId: null, durationMinutes: 40, priceMinor: null }],
    });
    expect(paths(stranger.body as Json)).toEqual(["staffTerms.0.staffId:not_found"]);
    const tooShort = await call(app, "PATCH", `/api/business/services/${created.id}`, key, {
      variations: [{ name: "Blink", durationMinutes: 1 }],
    });
    expect(tooShort.status).toBe(400);
  });

  it("takes a member's terms for a variation the same request adds, by its position (one save)", async () => {
    const senior = await expectStatus(201, app, "POST", "/api/business/staff", key, {
      name: "Kim",
      email: "kim@variation.example",
      timeZone: "Europe/Paris",
    });
    const created = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "colour",
      name: "Colour",
      durationMinutes: 60,
      staffIds: [senior.id],
      variations: [{ name: "Roots", durationMinutes: 45, priceMinor: 4000 }],
    });
    const [roots] = created.variations as Json[];
    const patched = await expectStatus(200, app, "PATCH", `/api/business/services/${created.id}`, key, {
      variations: [
        { id: roots!.id, name: "Roots", durationMinutes: 45, priceMinor: 4000 },
        { name: "Full head", durationMinutes: 90, priceMinor: 8000 },
      ],
      staffTerms: [
        { staffId: senior.id, variationId: roots!.id, durationMinutes: null, priceMinor: 5000 },
        { staffId: senior.id, variationId: null, variationIndex: 1, durationMinutes: 120, priceMinor: 9900 },
      ],
    });
    const full = (patched.variations as Json[]).find((v) => v.name === "Full head")!;
    expect(patched.staffTerms).toEqual([
      { staffId: senior.id, variationId: roots!.id, durationMinutes: null, priceMinor: 5000 },
      { staffId: senior.id, variationId: full.id, durationMinutes: 120, priceMinor: 9900 },
    ]);
    // A position the request's variations do not have, or with an id besides, is refused at its path
    // and nothing of the request is kept.
    for (const term of [
      { variationId: null, variationIndex: 2 },
      { variationId: roots!.id, variationIndex: 0 },
    ]) {
      const bad = await call(app, "PATCH", `/api/business/services/${created.id}`, key, {
        variations: [{ id: roots!.id, name: "Roots", durationMinutes: 45, priceMinor: 4100 }],
        staffTerms: [{ staffId: senior.id, durationMinutes: null, priceMinor: 100, ...term }],
      });
      expect(paths(bad.body as Json)).toEqual(["staffTerms.0.variationIndex:not_found"]);
    }
    const noVariations = await call(app, "PATCH", `/api/business/services/${created.id}`, key, {
      staffTerms: [{ staffId: senior.id, variationId: null, variationIndex: 0, durationMinutes: null, priceMinor: 1 }],
    });
    expect(paths(noVariations.body as Json)).toEqual(["staffTerms.0.variationIndex:not_found"]);
    expect(await expectStatus(200, app, "GET", `/api/business/services/${created.id}`, key)).toEqual(patched);
  });
});
