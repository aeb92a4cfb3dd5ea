/** One-time links, and the business's view of its bookings. */
import { and, arrayContains, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type {
  BusinessBookingView,
  BusinessRepository,
  OneTimeLinkView,
  PaymentView,
} from "../../../app/business/ports.ts";
import { notFound, ok, refuse } from "../../../app/business/ports.ts";
import { heldUnitLabels } from "../bookings/resources.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import type { CalendarSettings } from "../../../core/calendar/calendar.ts";
import { answerLines } from "../../../core/forms/answer-lines.ts";
import type { Answers } from "../../../core/forms/definition.ts";
import { fallbackChain, type LocaleCode } from "../../../i18n/locales.ts";
import { iso, type BusinessScope } from "./scope.ts";

const paymentView = (r: typeof t.payments.$inferSelect): PaymentView => ({
  id: r.id,
  provider: r.provider,
  kind: r.kind,
  status: r.status,
  amountMinor: r.amountMinor,
  currency: r.currency,
  refundedMinor: r.refundedMinor,
  refundDueMinor: r.refundDueMinor,
  createdAt: r.createdAt.toISOString(),
});

type Labelled = Pick<BusinessBookingView, "answerLines" | "resources" | "serviceLines">;

const bookingView = (
  r: typeof t.bookings.$inferSelect,
  labelled: Labelled = { answerLines: [], resources: [], serviceLines: [] },
): BusinessBookingView => ({
  ...labelled,
  id: r.id,
  status: r.status,
  calendarId: r.calendarId,
  startTime: r.startsAt.toISOString(),
  endTime: r.endsAt.toISOString(),
  timeZone: r.timeZone,
  staffId: r.staffId,
  staffIds: r.staffIds,
  serviceIds: r.serviceIds,
  seats: r.seats,
  guests: r.guests,
  contact: {
    firstName: r.contact.firstName,
    lastName: r.contact.lastName,
    email: r.contact.email,
    phone: r.contact.phone,
    notes: r.contact.notes,
  },
  answers: r.answers,
  form: r.formId === null || r.formVersion === null ? null : { id: r.formId, version: r.formVersion },
  contactId: r.contactId,
  personalDataErasedAt: iso(r.personalDataErasedAt),
  priceCents: r.priceCents,
  depositCents: r.depositCents,
  currency: r.currency,
  seriesId: r.seriesId,
  previousStartTime: iso(r.previousStartsAt),
  cancelReason: r.cancelReason,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Each attendee's services by name, the booker first: one line when all have the same (or the
 * booking has no per-guest carts), so a couple's two haircuts read "Haircut" once.
 */
function serviceLinesOf(r: typeof t.bookings.$inferSelect, name: (id: string) => string): string[][] {
  const carts = r.carts.length > 0 ? r.carts : r.serviceIds.length > 0 ? [r.serviceIds] : [];
  const lines = carts.map((cart) => cart.map(name));
  const same = lines.every((line) => line.join("\u0000") === lines[0]!.join("\u0000"));
  return same ? lines.slice(0, 1) : lines;
}

function linkView(r: typeof t.oneTimeLinks.$inferSelect, now: Date): OneTimeLinkView {
  const state = r.revokedAt ? "revoked" : r.usedAt ? "used" : r.expiresAt && r.expiresAt <= now ? "expired" : "active";
  return {
    id: r.id,
    calendarId: r.calendarId,
    state,
    expiresAt: iso(r.expiresAt),
    usedAt: iso(r.usedAt),
    revokedAt: iso(r.revokedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

export function linkAndBookingStore(
  scope: BusinessScope,
): Pick<
  BusinessRepository,
  | "listOneTimeLinks"
  | "createOneTimeLink"
  | "revokeOneTimeLink"
  | "listBookings"
  | "getBooking"
  | "listPayments"
  | "refundPayments"
> {
  const { db, B, firstMissing } = scope;
  return {
    async listOneTimeLinks(filter, now) {
      if (
        filter.calendarId !== undefined &&
        (await firstMissing(db, "calendars", [filter.calendarId], () => "calendarId"))
      )
        return notFound();
      const rows = await db
        .select()
        .from(t.oneTimeLinks)
        .where(
          and(
            eq(t.oneTimeLinks.businessId, B),
            filter.calendarId ? eq(t.oneTimeLinks.calendarId, filter.calendarId) : undefined,
          ),
        )
        .orderBy(asc(t.oneTimeLinks.createdAt), asc(t.oneTimeLinks.id));
      return ok(rows.map((r) => linkView(r, now)));
    },

    async createOneTimeLink(input, now) {
      if (await firstMissing(db, "calendars", [input.calendarId], () => "calendarId"))
        return refuse({ code: "REFERENCE_NOT_FOUND", path: "calendarId" });
      const [row] = await db
        .insert(t.oneTimeLinks)
        .values({ businessId: B, calendarId: input.calendarId, slugHash: input.slugHash, expiresAt: input.expiresAt })
        .returning();
      return ok(linkView(row!, now));
    },

    async revokeOneTimeLink(id, now) {
      if (!isUuid(id)) return notFound();
      const [row] = await db
        .update(t.oneTimeLinks)
        .set({ revokedAt: sql`coalesce(${t.oneTimeLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(t.oneTimeLinks.businessId, B), eq(t.oneTimeLinks.id, id)))
        .returning();
      return row ? ok(linkView(row, now)) : notFound();
    },

    async listBookings(query) {
      // A calendar filter of another business is a 404, like any of its ids (no existence leaks).
      if (query.calendarId !== undefined && !isUuid(query.calendarId)) return notFound();
      // Another business's staff id (or no id at all) simply matches nothing.
      if (query.staffId !== undefined && !isUuid(query.staffId)) return ok([]);
      if (query.calendarId !== undefined) {
        const [calendar] = await db
          .select({ id: t.calendars.id })
          .from(t.calendars)
          .where(and(eq(t.calendars.businessId, B), eq(t.calendars.id, query.calendarId)));
        if (!calendar) return notFound();
      }
      const found = await db
        .select({ booking: t.bookings, resources: heldUnitLabels() })
        .from(t.bookings)
        .where(
          and(
            eq(t.bookings.businessId, B),
            gte(t.bookings.startsAt, new Date(query.fromMs)),
            lt(t.bookings.startsAt, new Date(query.toMs)),
            query.statuses?.length ? inArray(t.bookings.status, [...query.statuses]) : undefined,
            query.calendarId ? eq(t.bookings.calendarId, query.calendarId) : undefined,
            query.staffId ? arrayContains(t.bookings.staffIds, [query.staffId]) : undefined,
          ),
        )
        .orderBy(asc(t.bookings.startsAt), asc(t.bookings.id))
        .limit(query.limit);
      const rows = found.map((f) => f.booking);
      const [lines, serviceName] = await Promise.all([answerLinesOf(rows), serviceNamesOf(rows)]);
      return ok(
        found.map(({ booking, resources }) =>
          bookingView(booking, {
            answerLines: lines.get(booking.id) ?? [],
            resources: [...new Set(resources)],
            serviceLines: serviceLinesOf(booking, serviceName),
          }),
        ),
      );
    },

    async getBooking(id) {
      if (!isUuid(id)) return null;
      const [found] = await db
        .select({ booking: t.bookings, resources: heldUnitLabels() })
        .from(t.bookings)
        .where(and(eq(t.bookings.businessId, B), eq(t.bookings.id, id)));
      if (!found) return null;
      const { booking, resources } = found;
      const [lines, serviceName] = await Promise.all([answerLinesOf([booking]), serviceNamesOf([booking])]);
      return bookingView(booking, {
        answerLines: lines.get(booking.id) ?? [],
        resources: [...new Set(resources)],
        serviceLines: serviceLinesOf(booking, serviceName),
      });
    },

    async listPayments(bookingId) {
      if (!(await ownBooking(bookingId))) return notFound();
      return ok(await paymentsOf(bookingId));
    },

    async refundPayments(bookingId, amountMinor, now) {
      if (!(await ownBooking(bookingId))) return notFound();
      const more = amountMinor === null ? t.payments.amountMinor : sql`${t.payments.refundDueMinor} + ${amountMinor}`;
      await db
        .update(t.payments)
        .set({ refundDueMinor: sql`least(${t.payments.amountMinor}, ${more})`, updatedAt: now })
        .where(
          and(eq(t.payments.businessId, B), eq(t.payments.bookingId, bookingId), eq(t.payments.status, "succeeded")),
        );
      return ok(await paymentsOf(bookingId));
    },
  };

  /** The names of the services these bookings name, by id (one query for the whole list). */
  async function serviceNamesOf(rows: readonly (typeof t.bookings.$inferSelect)[]) {
    const ids = [...new Set(rows.flatMap((r) => [...r.serviceIds, ...r.carts.flat()]))];
    const found = ids.length
      ? await db
          .select({ id: t.services.id, name: t.services.name })
          .from(t.services)
          .where(and(eq(t.services.businessId, B), inArray(t.services.id, ids)))
      : [];
    const names = new Map(found.map((s) => [s.id, s.name]));
    // A service deleted since keeps a place in the line rather than vanishing from it.
    return (id: string) => names.get(id) ?? "—";
  }

  /**
   * The answers as the business reads them: under the labels of the attached form's version they
   * were given to (in the business's language), else of the calendar's own questions.
   */
  async function answerLinesOf(rows: readonly (typeof t.bookings.$inferSelect)[]) {
    const lines = new Map<string, { label: string; value: string }[]>();
    const answered = rows.filter((r) => Object.keys(r.answers).length > 0);
    if (answered.length === 0) return lines;
    const formIds = [...new Set(answered.flatMap((r) => (r.formId ? [r.formId] : [])))];
    const calendarIds = [...new Set(answered.filter((r) => !r.formId).map((r) => r.calendarId))];
    const [versions, calendars, [business]] = await Promise.all([
      formIds.length
        ? db
            .select()
            .from(t.formVersions)
            .where(and(eq(t.formVersions.businessId, B), inArray(t.formVersions.formId, formIds)))
        : Promise.resolve([]),
      calendarIds.length
        ? db
            .select({ id: t.calendars.id, settings: t.calendars.settings })
            .from(t.calendars)
            .where(and(eq(t.calendars.businessId, B), inArray(t.calendars.id, calendarIds)))
        : Promise.resolve([]),
      db.select({ locale: t.businesses.locale }).from(t.businesses).where(eq(t.businesses.id, B)),
    ]);
    const chain = fallbackChain((business?.locale ?? "en") as LocaleCode);
    for (const r of answered) {
      const version = versions.find((v) => v.formId === r.formId && v.version === r.formVersion);
      if (version) {
        lines.set(
          r.id,
          answerLines(version.definition, r.answers as Answers, chain).map(({ label, value }) => ({ label, value })),
        );
        continue;
      }
      const questions = (calendars.find((c) => c.id === r.calendarId)?.settings as CalendarSettings | undefined)
        ?.questions;
      lines.set(
        r.id,
        (questions ?? []).flatMap((q) => {
          const v = r.answers[q.id];
          if (v === undefined || v === null || v === "") return [];
          return [{ label: q.label, value: Array.isArray(v) ? v.join(", ") : String(v) }];
        }),
      );
    }
    return lines;
  }

  async function paymentsOf(bookingId: string) {
    const rows = await db
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.businessId, B), eq(t.payments.bookingId, bookingId)))
      .orderBy(desc(t.payments.createdAt));
    return rows.map(paymentView);
  }

  async function ownBooking(id: string) {
    if (!isUuid(id)) return false;
    const [row] = await db
      .select({ id: t.bookings.id })
      .from(t.bookings)
      .where(and(eq(t.bookings.businessId, B), eq(t.bookings.id, id)));
    return row !== undefined;
  }
}
