/**
 * The business's coupons on the database (issue 24), every statement bound to one business
 * (ADR 0007): another business's coupon, a deleted one and an id that is not a UUID all look
 * missing. Codes are stored normalised (trimmed, upper-cased), so the unique index on live
 * coupons' (business, code) makes a code unique within the business whatever its case.
 */
import { and, eq, isNull } from "drizzle-orm";
import { notFound, ok, refuse, type Result } from "../../app/business/ports.ts";
import type { CouponInput, CouponStore, CouponView } from "../../app/coupons/ports.ts";
import { normaliseCouponCode } from "../../core/booking/coupons.ts";
import { businessScope, iso } from "./business/scope.ts";
import type { Db } from "./client.ts";
import { isUuid } from "./ids.ts";
import { sqlStateOf } from "./kernel.ts";
import * as t from "./schema.ts";

type Row = typeof t.coupons.$inferSelect;

const view = (row: Row, currency: string): CouponView => ({
  id: row.id,
  code: row.code,
  value: row.value,
  currency,
  validFrom: iso(row.validFrom),
  validUntil: iso(row.validUntil),
  serviceIds: row.serviceIds,
  calendarIds: row.calendarIds,
  maxUses: row.maxUses,
  maxUsesPerVisitor: row.maxUsesPerVisitor,
  isActive: row.isActive,
  uses: row.uses,
  createdAt: row.createdAt.toISOString(),
});

const toDate = (value: string | null | undefined) => (value == null ? value : new Date(value));

export function couponStore(db: Db, businessId: string): CouponStore {
  const scope = businessScope(db, businessId);
  const live = (id: string) =>
    and(eq(t.coupons.businessId, businessId), eq(t.coupons.id, id), isNull(t.coupons.deletedAt));
  const currency = async () => {
    const [row] = await db
      .select({ currency: t.businesses.currency })
      .from(t.businesses)
      .where(eq(t.businesses.id, businessId));
    return row?.currency ?? "";
  };

  /** The services and calendars named must be this business's live ones. */
  async function references(input: Partial<CouponInput>): Promise<Result<null>> {
    const service = await scope.firstMissing(db, "services", input.serviceIds ?? [], (i) => `serviceIds.${i}`);
    if (service) return refuse({ code: "REFERENCE_NOT_FOUND", path: service });
    const calendar = await scope.firstMissing(db, "calendars", input.calendarIds ?? [], (i) => `calendarIds.${i}`);
    if (calendar) return refuse({ code: "REFERENCE_NOT_FOUND", path: calendar });
    return ok(null);
  }

  /**
   * A fixed amount is in the business currency; the window ends after it starts (the patch's
   * values over the stored ones).
   */
  async function rules(
    input: Partial<CouponInput> & { readonly currency?: string },
    stored: Row | null,
  ): Promise<Result<null>> {
    const errors: { path: string; code: string }[] = [];
    if (input.value?.kind === "amount" && input.currency !== undefined && input.currency !== (await currency()))
      errors.push({ path: "currency", code: "CURRENCY_MISMATCH" });
    const from = input.validFrom !== undefined ? input.validFrom : iso(stored?.validFrom ?? null);
    const until = input.validUntil !== undefined ? input.validUntil : iso(stored?.validUntil ?? null);
    if (from && until && Date.parse(until) <= Date.parse(from))
      errors.push({ path: "validUntil", code: "COUPON_WINDOW_INVALID" });
    return errors.length > 0 ? refuse({ code: "SETUP_INVALID", errors }) : ok(null);
  }

  /** A second live coupon with the same code is the caller's CODE_TAKEN. */
  async function codeSafe(work: () => Promise<Result<CouponView>>): Promise<Result<CouponView>> {
    try {
      return await work();
    } catch (error) {
      const { code, constraint, detail } = sqlStateOf(error);
      if (code === "23505" && (constraint === "coupons_business_code_uq" || detail.includes("(business_id, code)")))
        return refuse({ code: "CODE_TAKEN", path: "code" });
      throw error;
    }
  }

  const columns = (input: Partial<CouponInput>) => ({
    ...(input.code !== undefined ? { code: normaliseCouponCode(input.code) } : {}),
    ...(input.value !== undefined ? { value: input.value } : {}),
    ...(input.validFrom !== undefined ? { validFrom: toDate(input.validFrom) } : {}),
    ...(input.validUntil !== undefined ? { validUntil: toDate(input.validUntil) } : {}),
    ...(input.serviceIds !== undefined ? { serviceIds: [...input.serviceIds] } : {}),
    ...(input.calendarIds !== undefined ? { calendarIds: [...input.calendarIds] } : {}),
    ...(input.maxUses !== undefined ? { maxUses: input.maxUses } : {}),
    ...(input.maxUsesPerVisitor !== undefined ? { maxUsesPerVisitor: input.maxUsesPerVisitor } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  });

  return {
    async list() {
      const [rows, cur] = await Promise.all([
        db
          .select()
          .from(t.coupons)
          .where(and(eq(t.coupons.businessId, businessId), isNull(t.coupons.deletedAt)))
          .orderBy(t.coupons.code),
        currency(),
      ]);
      return rows.map((row) => view(row, cur));
    },
    async get(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(t.coupons).where(live(id));
      return row ? view(row, await currency()) : null;
    },
    async create(input) {
      const checked = await rules(input, null);
      if (!checked.ok) return checked;
      const refs = await references(input);
      if (!refs.ok) return refs;
      return codeSafe(async () => {
        const [row] = await db
          .insert(t.coupons)
          .values({ businessId, code: normaliseCouponCode(input.code), value: input.value, ...columns(input) })
          .returning();
        return ok(view(row!, await currency()));
      });
    },
    async update(id, patch) {
      if (!isUuid(id)) return notFound();
      const [stored] = await db.select().from(t.coupons).where(live(id));
      if (!stored) return notFound();
      const checked = await rules(patch, stored);
      if (!checked.ok) return checked;
      const refs = await references(patch);
      if (!refs.ok) return refs;
      return codeSafe(async () => {
        const changes = columns(patch);
        const [row] =
          Object.keys(changes).length > 0
            ? await db.update(t.coupons).set(changes).where(live(id)).returning()
            : [stored];
        return row ? ok(view(row, await currency())) : notFound();
      });
    },
    async remove(id) {
      if (!isUuid(id)) return notFound();
      const gone = await db
        .update(t.coupons)
        .set({ deletedAt: new Date(), isActive: false })
        .where(live(id))
        .returning({ id: t.coupons.id });
      return gone.length > 0 ? ok(null) : notFound();
    },
  };
}
