/**
 * What one attendee actually books of a service (issue 24): the service itself or one of its
 * variations ("Long haircut"), optional add-ons with quantities ("Deep conditioning" ×1), and the
 * staff member who performs it, who may take longer or cost more ("Senior stylist"). The result
 * is one timed, priced line: the engine plans `durationMinutes` with the buffers around the whole
 * (the after-buffer follows the add-ons), and the cart shows `parts` line by line.
 *
 * Amounts are integers in the business currency's minor units (core/payments/money.ts); nothing
 * here rounds, so JPY, EUR and KWD are all exact.
 */
import type { ServiceDefinition } from "../availability/model.ts";
import type { DepositRule } from "../calendar/calendar.ts";

/** What a service, or one of its variations, is booked as: its length, price, deposit and buffers. */
export interface BookableTerms {
  readonly id: string;
  readonly name: string;
  readonly durationMinutes: number;
  readonly priceMinor: number;
  /** A variation's null: the service's own deposit rule. */
  readonly deposit: DepositRule | null;
  /** A variation's null: the service's (or calendar's) buffers. */
  readonly bufferBeforeMinutes: number | null;
  readonly bufferAfterMinutes: number | null;
}

export type ServiceVariation = BookableTerms;

export interface ServiceAddOn {
  readonly id: string;
  readonly name: string;
  readonly durationMinutes: number;
  readonly priceMinor: number;
  /** Most of this add-on one attendee may take (at least 1). */
  readonly maxQuantity: number;
}

/** A staff member's own terms for a service or one of its variations. */
export interface StaffServiceTerms {
  readonly staffId: string;
  /** null: these terms hold for the service and every variation without terms of its own. */
  readonly variationId: string | null;
  readonly durationMinutes: number | null;
  readonly priceMinor: number | null;
}

export interface ServiceOffering extends BookableTerms {
  /** When not empty, the visitor must pick one: the service itself is not bookable bare. */
  readonly variations: readonly ServiceVariation[];
  readonly addOns: readonly ServiceAddOn[];
  readonly staffTerms: readonly StaffServiceTerms[];
}

export interface OfferChoice {
  readonly variationId: string | null;
  readonly addOns: readonly { readonly addOnId: string; readonly quantity: number }[];
  /** Who performs it; null while "any available" is still open. */
  readonly staffId: string | null;
}

export interface OfferPart {
  readonly kind: "service" | "add_on";
  readonly id: string;
  readonly name: string;
  readonly quantity: number;
  readonly durationMinutes: number;
  readonly priceMinor: number;
}

/** One attendee's line, ready for the engine (duration, buffers) and the cart (parts, deposit). */
export interface ResolvedOffer {
  readonly serviceId: string;
  readonly variationId: string | null;
  /** The name shown and stored as the booking's snapshot: "Haircut — Long". */
  readonly variationName: string | null;
  readonly durationMinutes: number;
  readonly bufferBeforeMinutes: number | null;
  readonly bufferAfterMinutes: number | null;
  readonly priceMinor: number;
  readonly deposit: DepositRule | null;
  readonly parts: readonly OfferPart[];
}

export type OfferRefusal =
  | { readonly code: "VARIATION_REQUIRED" }
  | { readonly code: "UNKNOWN_VARIATION"; readonly variationId: string }
  | { readonly code: "UNKNOWN_ADD_ON"; readonly addOnId: string }
  | { readonly code: "ADD_ON_QUANTITY"; readonly addOnId: string; readonly max: number };

export type OfferResult =
  { readonly ok: true; readonly offer: ResolvedOffer } | { readonly ok: false; readonly refusal: OfferRefusal };

/** The staff member's terms for this variation, else for the whole service, else none. */
function termsFor(service: ServiceOffering, staffId: string | null, variationId: string | null) {
  if (staffId === null) return null;
  const own = service.staffTerms.filter((t) => t.staffId === staffId);
  return (
    (variationId !== null ? own.find((t) => t.variationId === variationId) : undefined) ??
    own.find((t) => t.variationId === null) ??
    null
  );
}

/** The choice as one line, or why it cannot be booked. */
export function resolveOffer(service: ServiceOffering, choice: OfferChoice): OfferResult {
  let base: Pick<
    ServiceVariation,
    "name" | "durationMinutes" | "priceMinor" | "deposit" | "bufferBeforeMinutes" | "bufferAfterMinutes"
  > = service;
  let variation: ServiceVariation | null = null;
  if (service.variations.length > 0) {
    if (choice.variationId === null) return { ok: false, refusal: { code: "VARIATION_REQUIRED" } };
    variation = service.variations.find((v) => v.id === choice.variationId) ?? null;
    if (!variation) return { ok: false, refusal: { code: "UNKNOWN_VARIATION", variationId: choice.variationId } };
    base = {
      name: variation.name,
      durationMinutes: variation.durationMinutes,
      priceMinor: variation.priceMinor,
      deposit: variation.deposit ?? service.deposit,
      bufferBeforeMinutes: variation.bufferBeforeMinutes ?? service.bufferBeforeMinutes,
      bufferAfterMinutes: variation.bufferAfterMinutes ?? service.bufferAfterMinutes,
    };
  } else if (choice.variationId !== null) {
    return { ok: false, refusal: { code: "UNKNOWN_VARIATION", variationId: choice.variationId } };
  }

  const terms = termsFor(service, choice.staffId, variation?.id ?? null);
  const mainDuration = terms?.durationMinutes ?? base.durationMinutes;
  const mainPrice = terms?.priceMinor ?? base.priceMinor;
  const parts: OfferPart[] = [
    {
      kind: "service",
      id: variation?.id ?? service.id,
      name: variation ? `${service.name} — ${variation.name}` : service.name,
      quantity: 1,
      durationMinutes: mainDuration,
      priceMinor: mainPrice,
    },
  ];

  const seen = new Set<string>();
  for (const pick of choice.addOns) {
    if (pick.quantity === 0) continue;
    const addOn = service.addOns.find((a) => a.id === pick.addOnId);
    if (!addOn || seen.has(addOn.id)) return { ok: false, refusal: { code: "UNKNOWN_ADD_ON", addOnId: pick.addOnId } };
    seen.add(addOn.id);
    const max = Math.max(1, addOn.maxQuantity);
    if (!Number.isInteger(pick.quantity) || pick.quantity < 0 || pick.quantity > max)
      return { ok: false, refusal: { code: "ADD_ON_QUANTITY", addOnId: addOn.id, max } };
    parts.push({
      kind: "add_on",
      id: addOn.id,
      name: addOn.name,
      quantity: pick.quantity,
      durationMinutes: addOn.durationMinutes * pick.quantity,
      priceMinor: addOn.priceMinor * pick.quantity,
    });
  }

  return {
    ok: true,
    offer: {
      serviceId: service.id,
      variationId: variation?.id ?? null,
      variationName: variation?.name ?? null,
      durationMinutes: parts.reduce((sum, p) => sum + p.durationMinutes, 0),
      bufferBeforeMinutes: base.bufferBeforeMinutes,
      bufferAfterMinutes: base.bufferAfterMinutes,
      priceMinor: parts.reduce((sum, p) => sum + p.priceMinor, 0),
      deposit: base.deposit,
      parts,
    },
  };
}

/**
 * What "any available" shows for a variation: the cheapest and dearest price among the staff
 * who may perform it ("from €35" when they differ), and the same for the duration.
 */
export function offerRange(service: ServiceOffering, variationId: string | null, staffIds: readonly string[]) {
  const prices: number[] = [];
  const durations: number[] = [];
  for (const staffId of staffIds) {
    const r = resolveOffer(service, { variationId, addOns: [], staffId });
    if (!r.ok) continue;
    prices.push(r.offer.priceMinor);
    durations.push(r.offer.durationMinutes);
  }
  if (prices.length === 0) return null;
  return {
    minPriceMinor: Math.min(...prices),
    maxPriceMinor: Math.max(...prices),
    minDurationMinutes: Math.min(...durations),
    maxDurationMinutes: Math.max(...durations),
  };
}

/** What a booking keeps of one attendee's line: enough to show it as it was booked. */
export type StoredOfferLine = Pick<
  ResolvedOffer,
  "serviceId" | "variationId" | "variationName" | "durationMinutes" | "priceMinor" | "parts"
>;

/** The snapshot stored with the booking (bookings.offer_lines). */
export const storedOfferLine = (offer: ResolvedOffer): StoredOfferLine => ({
  serviceId: offer.serviceId,
  variationId: offer.variationId,
  variationName: offer.variationName,
  durationMinutes: offer.durationMinutes,
  priceMinor: offer.priceMinor,
  parts: offer.parts,
});

/**
 * The line as the availability engine's service: the engine then plans the whole appointment —
 * variation and add-ons back to back — with the before-buffer ahead of it and the after-buffer
 * after the last add-on. `key` names it in carts (one key per distinct choice). Staff terms that
 * change the duration need one definition per staff member (`staffIds: [that member]`).
 */
export const offerServiceDefinition = (
  key: string,
  offer: ResolvedOffer,
  staffIds: readonly string[],
  maxGuestsPerSlot?: number,
): ServiceDefinition => ({
  serviceId: key,
  durationMinutes: offer.durationMinutes,
  ...(offer.bufferBeforeMinutes === null ? {} : { bufferBeforeMinutes: offer.bufferBeforeMinutes }),
  ...(offer.bufferAfterMinutes === null ? {} : { bufferAfterMinutes: offer.bufferAfterMinutes }),
  staffIds,
  ...(maxGuestsPerSlot === undefined ? {} : { maxGuestsPerSlot }),
});
