/**
 * The last use of a limited coupon cannot be taken twice (issue 24): many visitors redeeming one
 * coupon at the same instant, each in its own transaction, get exactly the limit through — on
 * PGlite and on PostgreSQL, where the transactions really run side by side on a pool.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redeemCoupon } from "../../src/adapters/db/coupon-redemptions.ts";
import * as t from "../../src/adapters/db/schema.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { seedBookingFixture, type Fixture } from "./booking-fixtures.ts";

const CONCURRENT = 60;
const NOW = Date.UTC(2026, 3, 10, 9);

describe.each(DATABASE_KINDS)("coupon redemption on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  async function coupon(values: Partial<typeof t.coupons.$inferInsert> = {}) {
    const id = randomUUID();
    const code = `C${id.slice(0, 8).toUpperCase()}`;
    await testDb.database.db.insert(t.coupons).values({
      id,
      businessId: fx.businessId,
      code,
      value: { kind: "percentage", percent: 10 },
      ...values,
    });
    return { id, code };
  }

  /** One visitor's booking transaction: takes the use, and rolls back when refused. */
  const redeem = (code: string, email: string, serviceIds = [fx.services.cut]) =>
    testDb.database.db
      .transaction(async (tx) => {
        const r = await redeemCoupon(
          tx,
          {
            businessId: fx.businessId,
            code,
            calendarId: fx.calendars.salon,
            serviceIds,
            visitorEmail: email,
            nowMs: NOW,
          },
          300,
        );
        if (!r.ok) throw new Refused(r.refusal);
        return "ok" as const;
      })
      .catch((e: unknown) => {
        if (e instanceof Refused) return e.refusal;
        throw e;
      });

  it(`${CONCURRENT} visitors at once on a coupon limited to 5 uses: exactly 5 get it`, async () => {
    const { id, code } = await coupon({ maxUses: 5 });
    const results = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => redeem(code, `v${i}@example.com`)));
    expect(results.filter((r) => r === "ok")).toHaveLength(5);
    expect(new Set(results.filter((r) => r !== "ok"))).toEqual(new Set(["COUPON_USED_UP"]));
    const rows = await testDb.database.execute(
      "select c.uses, (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions from coupons c where c.id = $1",
      [id],
    );
    expect(rows.rows).toEqual([{ uses: 5, redemptions: 5 }]);
  });

  it("one visitor sending many requests at once gets the coupon once per visitor limit", async () => {
    const { id, code } = await coupon({ maxUsesPerVisitor: 1 });
    // The same visitor, spelled differently: the limit counts by the case-folded address.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => redeem(code, i % 2 ? "Ana@Example.com" : " ana@example.com")),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(new Set(results.filter((r) => r !== "ok"))).toEqual(new Set(["COUPON_ALREADY_USED"]));
    const rows = await testDb.database.execute("select uses from coupons where id = $1", [id]);
    expect(rows.rows).toEqual([{ uses: 1 }]);
  });

  it("refuses an unknown, expired, not-yet-valid or foreign code, whatever its case, without taking a use", async () => {
    expect(await redeem("NOPE", "a@example.com")).toBe("COUPON_UNKNOWN");
    const expired = await coupon({ validUntil: new Date(NOW - 1) });
    expect(await redeem(expired.code.toLowerCase(), "a@example.com")).toBe("COUPON_EXPIRED");
    const future = await coupon({ validFrom: new Date(NOW + 60_000) });
    expect(await redeem(future.code, "a@example.com")).toBe("COUPON_NOT_YET_VALID");
    const colourOnly = await coupon({ serviceIds: [fx.services.colour] });
    expect(await redeem(colourOnly.code, "a@example.com")).toBe("COUPON_NOT_FOR_THIS_SERVICE");
    expect(await redeem(` ${colourOnly.code.toLowerCase()} `, "a@example.com", [fx.services.colour])).toBe("ok");
    const rows = await testDb.database.execute(
      "select code, uses from coupons where id = any($1::uuid[]) order by uses",
      [[expired.id, future.id, colourOnly.id]],
    );
    expect(rows.rows.map((r) => r.uses)).toEqual([0, 0, 1]);
  });
});

class Refused extends Error {
  constructor(readonly refusal: string) {
    super(refusal);
  }
}
