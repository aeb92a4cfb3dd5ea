/** The price shown before booking, by the same rule the server charges (src/core/booking/pricing.ts). */
import { quoteCarts, quotePrice, type PriceQuote } from "../../../core/booking/pricing.ts";
import type { WidgetConfig } from "./api-client.ts";
import type { DetailsValues } from "./flow-reducer.ts";
import type { DepositRule } from "../../../core/calendar/calendar.ts";
import { lineOf, type OfferPicks, type StaffOf } from "./offers.ts";

export function attendeesOf(
  config: Pick<WidgetConfig, "type" | "guestMode">,
  carts: string[][],
  details: Pick<DetailsValues, "guestCount" | "guests">,
): number {
  if (config.type === "service") return carts.length;
  if (config.guestMode === "count_only") return 1 + (Number(details.guestCount) || 0);
  if (config.guestMode === "collect_detail") return 1 + details.guests.length;
  return 1;
}

export function quote(
  config: Pick<WidgetConfig, "type" | "guestMode" | "priceCents" | "deposit" | "services">,
  carts: string[][],
  details: Pick<DetailsValues, "guestCount" | "guests">,
  offers: OfferPicks = {},
  staff: string | null | StaffOf = null,
): PriceQuote {
  const attendees = attendeesOf(config, carts, details);
  const deposit = (config.deposit as DepositRule | null) ?? null;
  if (config.type !== "service") return quotePrice([config.priceCents], attendees, deposit);
  // Every attendee's own cart, charged line by line (the server's rule: quoteCarts), each line its
  // attendee's variation and add-ons at the price of the member who performs it (offers.ts: lineOf).
  const who = typeof staff === "function" ? staff : () => staff;
  const lines = carts.flatMap((cart, g) =>
    cart.flatMap((id) => {
      const s = config.services.find((x) => x.id === id);
      return s ? [lineOf(s, offers, who(g, id), g)] : [];
    }),
  );
  return quoteCarts(
    lines.map((l) => ({ priceCents: l.priceMinor, deposit: l.deposit })),
    deposit,
  );
}

/**
 * What each staff member would charge for the chosen carts (their own terms: a senior stylist costs
 * more), and the "from" price of "any available": the lowest total among the members who perform
 * every chosen service — a member who cannot take the booking must not set its price. When none
 * can (the staff list is the calendar's, not the services'), the lowest of all.
 */
export function staffPrices(
  config: Pick<WidgetConfig, "type" | "guestMode" | "priceCents" | "deposit" | "services" | "staff">,
  carts: string[][],
  details: Pick<DetailsValues, "guestCount" | "guests">,
  offers: OfferPicks = {},
): { readonly totals: readonly number[]; readonly lowest: number } {
  const totals = config.staff.map((m) => quote(config, carts, details, offers, m.id).totalCents);
  const chosen = carts.flat();
  const able = totals.filter((_, i) =>
    chosen.every((id) => config.services.find((s) => s.id === id)?.staffIds.includes(config.staff[i]!.id)),
  );
  return { totals, lowest: Math.min(...(able.length > 0 ? able : totals)) };
}
