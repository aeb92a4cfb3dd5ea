import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import { isDatabaseEmpty, resetDemo, seedDemo } from "../../src/adapters/db/seed/demo.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";

describe.each(DATABASE_KINDS)("migrations and demo seed on %s", (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("creates every table and records the migrations; a second run applies nothing", async () => {
    const tables = await testDb.database.execute(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const names = tables.rows.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining(["businesses", "calendars", "staff", "services", "one_time_links", "blog_posts"]),
    );
    const again = await migrateDatabase(testDb.database);
    expect(again.applied).toBe(0);
    expect(again.total).toBeGreaterThan(0);
  });

  it("seeds the demo business once, and resets it", async () => {
    const { db } = testDb.database;
    expect(await isDatabaseEmpty(db)).toBe(true);
    await seedDemo(db);
    expect(await isDatabaseEmpty(db)).toBe(false);
    await resetDemo(db);
    const pages = createPublicPagesRepository(db, DEMO.businessSlug);
    const business = await pages.resolveBusiness("localhost:3000");
    expect(business?.name).toBe("Northwind Wellness Studio");
    const home = await pages.home(business!);
    expect(new Set(home.calendars.map((c) => c.type))).toEqual(
      new Set(["personal", "round_robin", "collective", "class", "service"]),
    );
  });

  it("gives the demo salon two treatment rooms that the massage and the colour share (issue 21)", async () => {
    const rooms = await testDb.database.execute(
      `select r.name, r.capacity, array_agg(sr.service_id::text order by sr.service_id) as services
         from resources r join service_resources sr on sr.resource_id = r.id group by r.id, r.business_id order by r.name`,
    );
    const shared = [DEMO.services.colour, DEMO.services.massage].sort();
    expect(rooms.rows).toEqual([
      { name: "Room 1", capacity: 1, services: shared },
      { name: "Room 2", capacity: 1, services: shared },
    ]);
  });

  it("resolves every kind of public page of the demo, and null for unknown ones", async () => {
    const pages = createPublicPagesRepository(testDb.database.db, DEMO.businessSlug);
    const business = (await pages.resolveBusiness(null))!;
    const now = new Date("2026-11-22T12:00:00Z");
    expect((await pages.calendarById(DEMO.calendars.introCall))?.slug).toBe("intro-call");
    expect(await pages.calendarById("not-a-uuid")).toBeNull();
    expect(await pages.calendarById("00000000-0000-4000-8000-00000000ffff")).toBeNull();
    expect(await pages.calendarsByIds([DEMO.calendars.introCall, DEMO.calendars.yoga])).toHaveLength(2);
    expect(await pages.calendarsByIds([DEMO.calendars.introCall, "00000000-0000-4000-8000-00000000ffff"])).toBeNull();
    expect((await pages.groupBySlug(business, "team"))?.calendars.length).toBeGreaterThan(2);
    expect(await pages.calendarInGroup(business, "team", "intro-call")).not.toBeNull();
    expect(await pages.calendarInGroup(business, "team", "salon")).toBeNull();
    expect((await pages.serviceCalendar(business, "haircut"))?.calendar.type).toBe("service");
    // Haircut, colour, massage, manicure, and the cut priced by hair length (issue 24); bridal is private.
    expect((await pages.serviceMenuBySlug(business, "salon-menu"))?.services).toHaveLength(5);
    // Private (issue 24): the bridal service and Priya's session are on no list, yet their links resolve.
    expect((await pages.serviceMenuBySlug(business, "salon-menu"))?.unlistedServices.map((s) => s.slug)).toEqual([
      DEMO.privateServiceSlug,
    ]);
    expect((await pages.serviceCalendar(business, DEMO.privateServiceSlug))?.service.id).toBe(DEMO.services.bridal);
    expect((await pages.home(business)).calendars.map((c) => c.id)).not.toContain(DEMO.calendars.privateSession);
    expect((await pages.groupBySlug(business, "team"))?.calendars.map((c) => c.id)).not.toContain(
      DEMO.calendars.privateSession,
    );
    expect((await pages.calendarBySlug(business, "private-session"))?.id).toBe(DEMO.calendars.privateSession);
    expect(await pages.oneTimeLink(DEMO.oneTimeLinkSlug, now)).toMatchObject({ state: "active" });
    expect(await pages.oneTimeLink(DEMO.usedOneTimeLinkSlug, now)).toEqual({ state: "expired" });
    expect(await pages.oneTimeLink("nope", now)).toBeNull();
    expect(await pages.form(DEMO.formId, "form")).not.toBeNull();
    expect(await pages.form(DEMO.formId, "survey")).toBeNull();
    expect(await pages.contentPage(business, "journal", now)).toMatchObject({ postTotal: 14 });
    expect((await pages.contentPage(business, "journal", now))?.posts).toHaveLength(9);
    expect(await pages.post(business, "winter-draft", now)).toBeNull();
    expect(await pages.post(business, "five-minute-breathing", now)).not.toBeNull();
    expect(await pages.postListing(business, { kind: "tag", tag: "breathing" }, now)).not.toBeNull();
    expect(await pages.postListing(business, { kind: "tag", tag: "news" }, now)).toBeNull();
    expect(await pages.postListing(business, { kind: "category", slug: "wellbeing" }, now)).not.toBeNull();
    expect(await pages.postListing(business, { kind: "author", slug: "anna-berg" }, now)).not.toBeNull();
    // The shop's demo shows a sale, low stock and a sold-out size (issue 16).
    expect((await pages.product(business, DEMO.productId))?.variants.map((v) => [v.compareAtMinor, v.stock])).toEqual([
      [null, { kind: "in_stock" }],
      [2400, { kind: "low", left: 3 }],
      [null, { kind: "out_of_stock" }],
    ]);
    expect((await pages.collection(business, "aftercare"))?.products.map((p) => p.slug)).toEqual([
      "lavender-massage-oil",
      "evening-candle",
    ]);
  });
});
