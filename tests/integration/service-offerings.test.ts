/**
 * Variations, add-ons and staff terms read back from the database as the core resolves them
 * (issue 24), on PGlite and PostgreSQL: order by position, removed ones left out, one set of
 * terms per staff member and variation.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceOfferings } from "../../src/adapters/db/service-offerings.ts";
import * as t from "../../src/adapters/db/schema.ts";
import { resolveOffer } from "../../src/core/booking/service-offer.ts";
import { sqlStateOf } from "../../src/adapters/db/kernel.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

describe.each(DATABASE_KINDS)("service offerings on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("loads a haircut's lengths, add-on and senior stylist's terms, and resolves a long cut with conditioning", async () => {
    const db = testDb.database.db;
    const [long, short, gone] = [randomUUID(), randomUUID(), randomUUID()];
    await db.insert(t.serviceVariations).values([
      {
        id: long,
        businessId: fx.businessId,
        serviceId: fx.services.cut,
        position: 2,
        name: "Long",
        durationMinutes: 60,
        priceMinor: 5000,
        bufferAfterMinutes: 15,
      },
      {
        id: short,
        businessId: fx.businessId,
        serviceId: fx.services.cut,
        position: 1,
        name: "Short",
        durationMinutes: 30,
        priceMinor: 3000,
      },
      {
        id: gone,
        businessId: fx.businessId,
        serviceId: fx.services.cut,
        position: 0,
        name: "Old",
        durationMinutes: 45,
        priceMinor: 1,
        deletedAt: new Date(),
      },
    ]);
    const addOn = randomUUID();
    await db.insert(t.serviceAddOns).values({
      id: addOn,
      businessId: fx.businessId,
      serviceId: fx.services.cut,
      name: "Deep conditioning",
      durationMinutes: 15,
      priceMinor: 1200,
      maxQuantity: 2,
    });
    await db.insert(t.serviceStaffTerms).values({
      businessId: fx.businessId,
      serviceId: fx.services.cut,
      staffId: fx.staff.s1,
      variationId: long,
      durationMinutes: 75,
      priceMinor: 6500,
    });
    // One set of terms per member and variation (NULLS NOT DISTINCT: also for the whole service).
    await db.insert(t.serviceStaffTerms).values({
      businessId: fx.businessId,
      serviceId: fx.services.cut,
      staffId: fx.staff.s1,
      variationId: null,
      priceMinor: 3500,
    });
    const duplicate = await db
      .insert(t.serviceStaffTerms)
      .values({
        businessId: fx.businessId,
        serviceId: fx.services.cut,
        staffId: fx.staff.s1,
        variationId: null,
        priceMinor: 9999,
      })
      .then(
        () => null,
        (e: unknown) => sqlStateOf(e)?.code,
      );
    expect(duplicate).toBe("23505");

    const offerings = await loadServiceOfferings(db, fx.businessId, [fx.services.cut]);
    const cut = offerings.get(fx.services.cut);
    expect(cut?.variations.map((v) => v.name)).toEqual(["Short", "Long"]);
    const r =
      cut && resolveOffer(cut, { variationId: long, addOns: [{ addOnId: addOn, quantity: 1 }], staffId: fx.staff.s1 });
    expect(r).toMatchObject({
      ok: true,
      offer: { variationName: "Long", durationMinutes: 90, priceMinor: 7700, bufferAfterMinutes: 15 },
    });
    // Another business's id finds nothing.
    expect((await loadServiceOfferings(db, randomUUID(), [fx.services.cut])).size).toBe(0);
  });
});
