/**
 * The visitor's variations and add-ons (issue 24, ADR 0031) over a service booking's carts: each
 * cart line resolved with `resolveOffer`, and the engine's carts rewritten so that every line with
 * a choice names its own `ServiceDefinition` (its summed length, its buffers) — the engine itself is
 * unchanged. Free slots, holds and bookings all build their plan here, so a start offered for a
 * choice is exactly a start a booking with that choice is accepted at.
 *
 * A staff member whose terms change the duration is planned with their own length: when the
 * visitor chose them, the definition is theirs; under "any available" every member who may perform
 * it is offered, each tried at their own length (`staffDurationMinutes`, ADR 0051).
 */
import type { GuestCart, ServiceAssignment, ServiceDefinition } from "../availability/model.ts";
import type { DepositRule } from "../calendar/calendar.ts";
import type { BookingCalendar } from "./booking-calendar.ts";
import { fail, ok, type Outcome } from "./errors.ts";
import type { Buffers } from "./occupancy-items.ts";
import {
  resolveOffer,
  storedOfferLine,
  type OfferRefusal,
  type ResolvedOffer,
  type ServiceOffering,
  type StoredOfferLine,
} from "./service-offer.ts";

/** What the visitor chose of one service of their cart (the public API's `offers[]`). */
export interface OfferPick {
  readonly serviceId: string;
  /**
   * One attendee's own choice (0 the booker, 1… the guests in cart order, ADR 0051); absent: the
   * choice of every attendee whose cart holds the service and who has no choice of their own.
   */
  readonly attendee?: number | null;
  readonly variationId?: string | null;
  readonly addOns?: readonly { readonly addOnId: string; readonly quantity: number }[] | null;
}

type CalendarService = BookingCalendar["services"][number];

/** A calendar's service as the offer core reads it (services without variations: one bare offer). */
export const serviceOffering = (svc: CalendarService): ServiceOffering => ({
  id: svc.id,
  name: svc.name ?? "",
  durationMinutes: svc.durationMinutes ?? 0,
  priceMinor: svc.priceCents,
  deposit: svc.deposit,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: null,
  variations: svc.variations ?? [],
  addOns: svc.addOns ?? [],
  staffTerms: svc.staffTerms ?? [],
});

/** Whether a service has anything to choose or anyone with own terms: then its lines are planned here. */
const hasOffers = (svc: CalendarService) =>
  (svc.variations?.length ?? 0) > 0 || (svc.addOns?.length ?? 0) > 0 || (svc.staffTerms?.length ?? 0) > 0;

/** One attendee's line of one service. */
export interface PlannedLine {
  /** The engine's service id for this line (the service id itself when nothing was chosen). */
  readonly key: string;
  readonly serviceId: string;
  readonly variationId: string | null;
  readonly addOns: readonly { readonly addOnId: string; readonly quantity: number }[];
  /** Resolved for the staff planned with (the chosen member, else none): duration and buffers. */
  readonly offer: ResolvedOffer;
}

export interface OfferPlan {
  /** The carts as the engine reads them: each line's key. */
  readonly engineCarts: readonly GuestCart[];
  /** The definitions the keys name (added to the calendar's rules). */
  readonly definitions: readonly ServiceDefinition[];
  /** One list per attendee, in cart order. */
  readonly lines: readonly (readonly PlannedLine[])[];
}

const REFUSAL_PATH = "offers";

/** The offer refusal as the visitor is told it (a field error at `offers.<i>`). */
function refusalError(refusal: OfferRefusal, index: number) {
  const details: Record<string, string | number> = {};
  if ("variationId" in refusal) details.variationId = refusal.variationId;
  if ("addOnId" in refusal) details.addOnId = refusal.addOnId;
  // `count`: the catalogue's placeholder ("up to {count}").
  if ("max" in refusal) details.count = refusal.max;
  const path = index < 0 ? REFUSAL_PATH : `${REFUSAL_PATH}.${index}`;
  return fail(refusal.code, details, [{ path, code: refusal.code }]);
}

/**
 * The plan for these carts and picks, or null when no line has anything to choose (the calendar's
 * own definitions then plan them, as before issue 24). `staffFilter`: the member the visitor
 * chose, whose terms then apply. A pick names a service of the carts; it applies to every
 * attendee whose cart holds that service, unless that attendee has a pick of their own (`attendee`).
 */
export function planOffers(
  ctx: Pick<BookingCalendar, "services">,
  carts: readonly GuestCart[],
  picks: readonly OfferPick[] | null | undefined,
  staffFilter: readonly string[] | null | undefined,
): Outcome<OfferPlan | null> {
  const list = picks ?? [];
  const inCarts = new Set(carts.flatMap((c) => c.serviceIds));
  const attendeeOf = (p: OfferPick) => p.attendee ?? null;
  for (const [i, pick] of list.entries()) {
    const a = attendeeOf(pick);
    const held = a === null ? inCarts.has(pick.serviceId) : (carts[a]?.serviceIds.includes(pick.serviceId) ?? false);
    const first = list.findIndex((p) => p.serviceId === pick.serviceId && attendeeOf(p) === a);
    if (!held || first !== i)
      return fail("SERVICES_REQUIRED", undefined, [
        { path: `${REFUSAL_PATH}.${i}.serviceId`, code: "SERVICES_REQUIRED" },
      ]);
  }
  const byId = new Map(ctx.services.map((s) => [s.id, s]));
  if (list.length === 0 && ![...inCarts].some((id) => byId.get(id) && hasOffers(byId.get(id)!))) return ok(null);

  const member = staffFilter && staffFilter.length === 1 ? (staffFilter[0] as string) : null;
  const definitions = new Map<string, ServiceDefinition>();
  const lines: PlannedLine[][] = [];
  for (const [guest, cart] of carts.entries()) {
    const planned: PlannedLine[] = [];
    for (const serviceId of cart.serviceIds) {
      const svc = byId.get(serviceId);
      if (!svc) return fail("SERVICES_REQUIRED", undefined, [{ path: "serviceIds", code: "SERVICES_REQUIRED" }]);
      // This attendee's own pick, else the shared one.
      const own = list.findIndex((p) => p.serviceId === serviceId && attendeeOf(p) === guest);
      const pickIndex = own >= 0 ? own : list.findIndex((p) => p.serviceId === serviceId && attendeeOf(p) === null);
      const pick = list[pickIndex];
      const variationId = pick?.variationId ?? null;
      const addOns = (pick?.addOns ?? []).filter((a) => a.quantity !== 0);
      const offering = serviceOffering(svc);
      const resolved = resolveOffer(offering, { variationId, addOns, staffId: member });
      if (!resolved.ok) return refusalError(resolved.refusal, pickIndex);
      const offer = resolved.offer;
      if (!hasOffers(svc) && list.every((p) => p.serviceId !== serviceId)) {
        planned.push({ key: serviceId, serviceId, variationId: null, addOns: [], offer });
        continue;
      }
      const key = offerKey(serviceId, variationId, addOns, member, offer.durationMinutes);
      if (!definitions.has(key)) {
        // Under "any available", each member at their own length where their terms change it.
        const own = member
          ? []
          : svc.staffIds.flatMap((staffId) => {
              const theirs = resolveOffer(offering, { variationId, addOns, staffId });
              return theirs.ok && theirs.offer.durationMinutes !== offer.durationMinutes
                ? [[staffId, theirs.offer.durationMinutes] as const]
                : [];
            });
        definitions.set(key, {
          serviceId: key,
          durationMinutes: offer.durationMinutes,
          ...(own.length > 0 ? { staffDurationMinutes: Object.fromEntries(own) } : {}),
          ...(offer.bufferBeforeMinutes === null ? {} : { bufferBeforeMinutes: offer.bufferBeforeMinutes }),
          ...(offer.bufferAfterMinutes === null ? {} : { bufferAfterMinutes: offer.bufferAfterMinutes }),
          staffIds: svc.staffIds,
          ...(svc.maxGuestsPerSlot === undefined ? {} : { maxGuestsPerSlot: svc.maxGuestsPerSlot }),
          ...(svc.resources?.length ? { resources: svc.resources } : {}),
        });
      }
      planned.push({ key, serviceId, variationId, addOns, offer });
    }
    lines.push(planned);
  }
  return ok({
    engineCarts: lines.map((l) => ({ serviceIds: l.map((x) => x.key) })),
    definitions: [...definitions.values()],
    lines,
  });
}

/** A stable name per distinct choice (and, where terms change its length, per member). */
function offerKey(
  serviceId: string,
  variationId: string | null,
  addOns: PlannedLine["addOns"],
  member: string | null,
  durationMinutes: number,
): string {
  const extras = [...addOns]
    .sort((a, b) => a.addOnId.localeCompare(b.addOnId))
    .map((a) => `${a.addOnId}*${a.quantity}`)
    .join("+");
  return `${serviceId}|${variationId ?? ""}|${extras}|${member ?? ""}|${durationMinutes}`;
}

/** One attendee's line as priced: the offer resolved for the member who performs it. */
export interface PricedLine {
  readonly serviceId: string;
  readonly priceCents: number;
  readonly deposit: DepositRule | null;
  readonly stored: StoredOfferLine;
}

/**
 * Every line priced and timed for the member the engine assigned to it (a senior stylist's price
 * and length), in cart order, with the snapshot the booking keeps. The engine planned that member
 * at exactly this length (`staffDurationMinutes`), so the stored line and the occupancy agree.
 */
export function priceLines(
  ctx: Pick<BookingCalendar, "services">,
  plan: OfferPlan,
  assignments: readonly ServiceAssignment[],
): PricedLine[][] {
  return plan.lines.map((cart, guestIndex) =>
    cart.map((line) => {
      const staffId = assignments.find((a) => a.guestIndex === guestIndex && a.serviceId === line.key)?.staffId ?? null;
      const svc = ctx.services.find((s) => s.id === line.serviceId)!;
      const again = resolveOffer(serviceOffering(svc), {
        variationId: line.variationId,
        addOns: line.addOns,
        staffId,
      });
      const offer = again.ok ? again.offer : line.offer;
      return {
        serviceId: line.serviceId,
        priceCents: offer.priceMinor,
        deposit: offer.deposit,
        stored: storedOfferLine(offer),
      };
    }),
  );
}

/** The buffers around one line's occupancy: its own where the choice sets them, else the calendar's. */
export function lineBuffers(plan: OfferPlan | null, calendar: Buffers): (key: string) => Buffers {
  const byKey = new Map(plan?.definitions.map((d) => [d.serviceId, d]) ?? []);
  return (key) => {
    const d = byKey.get(key);
    return {
      bufferBeforeMinutes: d?.bufferBeforeMinutes ?? calendar.bufferBeforeMinutes,
      bufferAfterMinutes: d?.bufferAfterMinutes ?? calendar.bufferAfterMinutes,
    };
  };
}

/** The service id behind an engine key. */
export function serviceOfKey(plan: OfferPlan | null, key: string): string {
  if (!plan) return key;
  for (const cart of plan.lines) for (const line of cart) if (line.key === key) return line.serviceId;
  return key;
}

/**
 * A stored booking's lines planned again for a new start (reschedule): each line keeps the length
 * it was booked with, whatever the service has become since; its buffers are its variation's when
 * that variation still exists, else the calendar's. Null: the booking has no stored lines.
 */
export function bookedPlan(
  ctx: Pick<BookingCalendar, "services">,
  carts: readonly GuestCart[],
  offerLines: readonly (readonly StoredOfferLine[])[] | undefined,
): OfferPlan | null {
  if (!offerLines || offerLines.length === 0) return null;
  const definitions = new Map<string, ServiceDefinition>();
  const lines = carts.map((cart, i) =>
    cart.serviceIds.map((serviceId, j): PlannedLine => {
      const stored = offerLines[i]?.[j];
      const svc = ctx.services.find((s) => s.id === serviceId);
      if (!stored || stored.serviceId !== serviceId || !svc) {
        const bare = svc
          ? resolveOffer(serviceOffering({ ...svc, variations: [] }), { variationId: null, addOns: [], staffId: null })
          : null;
        return {
          key: serviceId,
          serviceId,
          variationId: null,
          addOns: [],
          offer: bare?.ok ? bare.offer : { ...emptyOffer(serviceId) },
        };
      }
      const variation = svc.variations?.find((v) => v.id === stored.variationId);
      const key = `${serviceId}|booked|${stored.variationId ?? ""}|${stored.durationMinutes}`;
      const offer: ResolvedOffer = {
        ...stored,
        bufferBeforeMinutes: variation?.bufferBeforeMinutes ?? null,
        bufferAfterMinutes: variation?.bufferAfterMinutes ?? null,
        deposit: null,
      };
      if (!definitions.has(key))
        definitions.set(key, {
          serviceId: key,
          durationMinutes: stored.durationMinutes,
          ...(offer.bufferBeforeMinutes === null ? {} : { bufferBeforeMinutes: offer.bufferBeforeMinutes }),
          ...(offer.bufferAfterMinutes === null ? {} : { bufferAfterMinutes: offer.bufferAfterMinutes }),
          staffIds: svc.staffIds,
          ...(svc.maxGuestsPerSlot === undefined ? {} : { maxGuestsPerSlot: svc.maxGuestsPerSlot }),
          ...(svc.resources?.length ? { resources: svc.resources } : {}),
        });
      const addOns = stored.parts
        .filter((p) => p.kind === "add_on")
        .map((p) => ({ addOnId: p.id, quantity: p.quantity }));
      return { key, serviceId, variationId: stored.variationId, addOns, offer };
    }),
  );
  return {
    engineCarts: lines.map((l) => ({ serviceIds: l.map((x) => x.key) })),
    definitions: [...definitions.values()],
    lines,
  };
}

const emptyOffer = (serviceId: string): ResolvedOffer => ({
  serviceId,
  variationId: null,
  variationName: null,
  durationMinutes: 0,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: null,
  priceMinor: 0,
  deposit: null,
  parts: [],
});
