/**
 * The visitor's variations and add-ons in the widget (issue 24): what they picked per service, the
 * line each cart item makes by the server's own rule (core/booking/service-offer.ts: resolveOffer),
 * and the `offers` the free-slots, hold and booking requests carry. A pick applies to every
 * attendee whose cart holds the service, as in the API.
 */
import { resolveOffer, type ResolvedOffer, type ServiceOffering } from "../../../core/booking/service-offer.ts";
import type { DepositRule } from "../../../core/calendar/calendar.ts";
import type { WidgetConfig } from "./api-client.ts";

export interface OfferPick {
  readonly variationId: string | null;
  /** Add-on id → quantity (absent or 0: not taken). */
  readonly addOns: Readonly<Record<string, number>>;
}
/**
 * Service id → what was chosen of it for everyone; `serviceId@guest` → one attendee's own choice
 * (0 the visitor, 1… the guests), which wins over the shared one (ADR 0051).
 */
export type OfferPicks = Readonly<Record<string, OfferPick>>;

/** One attendee's pick of a service: their own, else the shared one. */
export const pickOf = (picks: OfferPicks, serviceId: string, guest: number): OfferPick | undefined =>
  picks[`${serviceId}@${guest}`] ?? picks[serviceId];

/** Who performs a line, as the widget knows it: the chosen member, else the one the hold assigned. */
export type StaffOf = (guest: number, serviceId: string) => string | null;
export const staffOf =
  (s: {
    staffId: string | null;
    hold: { staff?: readonly { guestIndex: number; serviceId: string; staffId: string }[] } | null;
  }): StaffOf =>
  (guest, serviceId) =>
    s.staffId ?? s.hold?.staff?.find((a) => a.guestIndex === guest && a.serviceId === serviceId)?.staffId ?? null;

type ConfigService = WidgetConfig["services"][number];

export const hasOptions = (svc: Pick<ConfigService, "variations" | "addOns">) =>
  svc.variations.length > 0 || svc.addOns.length > 0;

const offering = (svc: ConfigService): ServiceOffering => ({
  id: svc.id,
  name: svc.name,
  durationMinutes: svc.durationMinutes,
  priceMinor: svc.priceCents,
  deposit: (svc.deposit as DepositRule | null) ?? null,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: null,
  variations: svc.variations,
  addOns: svc.addOns,
  staffTerms: svc.staffTerms,
});

const addOnList = (pick: OfferPick | undefined) =>
  Object.entries(pick?.addOns ?? {})
    .filter(([, quantity]) => quantity > 0)
    .map(([addOnId, quantity]) => ({ addOnId, quantity }));

/**
 * The line one cart item makes: its variation (none picked yet: the first, so a price can be shown
 * "from"), its add-ons, and the staff member's own terms when one is chosen.
 */
export function lineOf(
  svc: ConfigService,
  picks: OfferPicks,
  staffId: string | null,
  guest = 0,
): ResolvedOffer & { readonly deposit: DepositRule | null; readonly isUnpicked: boolean } {
  const pick = pickOf(picks, svc.id, guest);
  const isUnpicked = svc.variations.length > 0 && !pick?.variationId;
  // Not picked yet: the cheapest variation stands in for the price ("from"), the service for the name.
  const cheapest = [...svc.variations].sort((a, b) => a.priceMinor - b.priceMinor)[0];
  const variationId = isUnpicked ? (cheapest?.id ?? null) : (pick?.variationId ?? null);
  const r = resolveOffer(offering(svc), { variationId, addOns: addOnList(pick), staffId });
  if (r.ok && isUnpicked) {
    const [main, ...extras] = r.offer.parts;
    return { ...r.offer, isUnpicked, parts: [{ ...main!, name: svc.name }, ...extras] };
  }
  if (r.ok) return { ...r.offer, isUnpicked };
  const bare = resolveOffer({ ...offering(svc), variations: [] }, { variationId: null, addOns: [], staffId: null });
  return { ...(bare as Extract<typeof bare, { ok: true }>).offer, isUnpicked };
}

/**
 * The API's `offers` for the services in these carts that have something to choose: shared picks,
 * and each attendee's own (`attendee`) while that attendee's cart holds the service.
 */
export function offersOf(
  picks: OfferPicks,
  carts: readonly (readonly string[])[],
  config: Pick<WidgetConfig, "services">,
) {
  return Object.entries(picks).flatMap(([key, pick]) => {
    const [serviceId = "", guest] = key.split("@");
    const svc = config.services.find((s) => s.id === serviceId);
    const held = guest ? carts[Number(guest)]?.includes(serviceId) : carts.some((c) => c.includes(serviceId));
    return svc && held && hasOptions(svc)
      ? [{ serviceId, attendee: guest ? +guest : undefined, variationId: pick.variationId, addOns: addOnList(pick) }]
      : [];
  });
}

/** The services in these carts whose variation some attendee has still to pick. */
export const missingVariations = (
  picks: OfferPicks,
  carts: readonly (readonly string[])[],
  config: Pick<WidgetConfig, "services">,
) =>
  config.services.filter(
    (s) => s.variations.length > 0 && carts.some((c, g) => c.includes(s.id) && !pickOf(picks, s.id, g)?.variationId),
  );

/** How a line reads: "Haircut — Long", "Deep conditioning ×2". */
export const partNames = (line: Pick<ResolvedOffer, "parts">) =>
  line.parts.map((p) => (p.quantity > 1 ? `${p.name} ×${p.quantity}` : p.name));
