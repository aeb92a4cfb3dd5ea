/**
 * The business's coupons through the business API (issue 24), on PGlite and PostgreSQL: created,
 * listed with their uses, changed, turned off and on, deleted; a code unique within the business
 * whatever its case (and free again once deleted); every refusal at its field; and what a visitor
 * is told follows — an inactive or deleted code is unknown, a booking counts one use.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, type App } from "./business-fixtures.ts";

const everyDay = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [{ start: "09:00", end: "17:00" }]]),
);

describe.each(DATABASE_KINDS)("coupons through the business API on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;
  let calendarId: string;
  let serviceId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    ({ key } = await newBusiness(testDb.database, "Coupon Studio"));
    const staff = await expectStatus(201, app, "POST", "/api/business/staff", key, {
      name: "Kim",
      email: "kim@coupon.example",
      timeZone: "Europe/Paris",
      weeklyHours: everyDay,
    });
    const calendar = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "intro",
      type: "personal",
      name: "Intro",
      members: [{ staffId: staff.id }],
      settings: { minimumNoticeMinutes: 0, priceCents: 4000 },
    });
    calendarId = calendar.id;
    const service = await expectStatus(201, app, "POST", "/api/business/services", key, {
      slug: "cut",
      name: "Cut",
      durationMinutes: 30,
      staffIds: [staff.id],
    });
    serviceId = service.id;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const quote = (couponCode: string) =>
    call(app, "POST", `/api/calendars/${calendarId}/quote`, null, {
      startTime: "2026-12-07T10:00:00+01:00",
      timezone: "Europe/Paris",
      couponCode,
    });

  it("creates, lists with uses, changes, turns off and on, and deletes a coupon", async () => {
    const created = await expectStatus(201, app, "POST", "/api/business/coupons", key, {
      code: " spring10 ",
      value: { kind: "percentage", percent: 10 },
      validFrom: "2026-11-01T00:00:00Z",
      validUntil: "2027-03-01T00:00:00Z",
      calendarIds: [calendarId],
      maxUses: 100,
      maxUsesPerVisitor: 1,
    });
    expect(created).toMatchObject({
      code: "SPRING10",
      value: { kind: "percentage", percent: 10 },
      currency: "EUR",
      validFrom: "2026-11-01T00:00:00.000Z",
      validUntil: "2027-03-01T00:00:00.000Z",
      serviceIds: [],
      calendarIds: [calendarId],
      maxUses: 100,
      maxUsesPerVisitor: 1,
      isActive: true,
      uses: 0,
    });
    expect((await quote("spring10")).body).toMatchObject({ discountMinor: 400, totalMinor: 3600 });

    // A booking takes one use; the list says so.
    await expectStatus(201, app, "POST", "/api/bookings", null, {
      calendarId,
      startTime: "2026-12-08T10:00:00+01:00",
      timezone: "Europe/Paris",
      contact: { firstName: "Ann", lastName: "Lee", email: "ann@coupon.example" },
      couponCode: "SPRING10",
    });
    const list = await expectStatus(200, app, "GET", "/api/business/coupons", key);
    expect(list).toEqual([expect.objectContaining({ id: created.id, uses: 1 })]);

    // Off: visitors are told it does not exist; on again: it works.
    const off = await expectStatus(200, app, "PATCH", `/api/business/coupons/${created.id}`, key, { isActive: false });
    expect(off).toMatchObject({ isActive: false, code: "SPRING10", uses: 1 });
    expect((await quote("SPRING10")).body.code).toBe("COUPON_UNKNOWN");
    await expectStatus(200, app, "PATCH", `/api/business/coupons/${created.id}`, key, {
      isActive: true,
      value: { kind: "amount", amountMinor: 500 },
      currency: "EUR",
    });
    expect((await quote("SPRING10")).body).toMatchObject({ discountMinor: 500, totalMinor: 3500 });
    expect(await expectStatus(200, app, "GET", `/api/business/coupons/${created.id}`, key)).toMatchObject({
      value: { kind: "amount", amountMinor: 500 },
    });

    // Deleted: unknown to visitors, gone from the list, and its code free for a new coupon.
    expect((await call(app, "DELETE", `/api/business/coupons/${created.id}`, key)).status).toBe(204);
    expect((await call(app, "GET", `/api/business/coupons/${created.id}`, key)).status).toBe(404);
    expect((await call(app, "DELETE", `/api/business/coupons/${created.id}`, key)).status).toBe(404);
    expect((await quote("SPRING10")).body.code).toBe("COUPON_UNKNOWN");
    expect(await expectStatus(200, app, "GET", "/api/business/coupons", key)).toEqual([]);
    await expectStatus(201, app, "POST", "/api/business/coupons", key, {
      code: "SPRING10",
      value: { kind: "percentage", percent: 15 },
    });
  });

  it("keeps a code unique within the business whatever its case", async () => {
    await expectStatus(201, app, "POST", "/api/business/coupons", key, {
      code: "Welcome",
      value: { kind: "percentage", percent: 5 },
    });
    const again = await call(app, "POST", "/api/business/coupons", key, {
      code: "WELCOME",
      value: { kind: "percentage", percent: 5 },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "CODE_TAKEN", errors: [{ path: "code", code: "CODE_TAKEN" }] });
    const other = await expectStatus(201, app, "POST", "/api/business/coupons", key, {
      code: "OTHER",
      value: { kind: "percentage", percent: 5 },
    });
    const renamed = await call(app, "PATCH", `/api/business/coupons/${other.id}`, key, { code: "welcome" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.errors).toEqual([expect.objectContaining({ path: "code", code: "CODE_TAKEN" })]);
    // Another business may use the same code.
    const elsewhere = await newBusiness(testDb.database, "Other Studio");
    await expectStatus(201, app, "POST", "/api/business/coupons", elsewhere.key, {
      code: "WELCOME",
      value: { kind: "percentage", percent: 5 },
    });
  });

  it("says what is wrong with a coupon, at its field", async () => {
    const refused = async (body: unknown, method = "POST", path = "/api/business/coupons") => {
      const reply = await call(app, method, path, key, body);
      return { status: reply.status, paths: (reply.body.errors ?? []).map((e: { path: string }) => e.path) };
    };
    const base = { code: "BAD", value: { kind: "percentage", percent: 10 } };
    expect(await refused({ ...base, value: { kind: "percentage", percent: 0 } })).toEqual({
      status: 400,
      paths: ["value.percent"],
    });
    expect(await refused({ ...base, value: { kind: "amount", amountMinor: -5 } })).toEqual({
      status: 400,
      paths: ["value.amountMinor"],
    });
    expect(await refused({ ...base, code: "two words" })).toEqual({ status: 400, paths: ["code"] });
    expect(await refused({ ...base, maxUses: 0 })).toEqual({ status: 400, paths: ["maxUses"] });
    expect(await refused({ ...base, value: { kind: "amount", amountMinor: 500 }, currency: "USD" })).toEqual({
      status: 400,
      paths: ["currency"],
    });
    expect(await refused({ ...base, validFrom: "2027-01-01T00:00:00Z", validUntil: "2026-12-01T00:00:00Z" })).toEqual({
      status: 400,
      paths: ["validUntil"],
    });
    expect(await refused({ ...base, serviceIds: [serviceId, "00000000-0000-4000-8000-000000000000"] })).toEqual({
      status: 404,
      paths: ["serviceIds.1"],
    });
    // A patch is checked against what is stored: a window end before the stored start is refused.
    const windowed = await expectStatus(201, app, "POST", "/api/business/coupons", key, {
      ...base,
      code: "WINDOWED",
      validFrom: "2027-01-01T00:00:00Z",
    });
    expect(
      await refused({ validUntil: "2026-12-01T00:00:00Z" }, "PATCH", `/api/business/coupons/${windowed.id}`),
    ).toEqual({ status: 400, paths: ["validUntil"] });
    expect(await refused({ uses: 0 }, "PATCH", `/api/business/coupons/${windowed.id}`)).toEqual({
      status: 400,
      paths: [""],
    });
  });
});
