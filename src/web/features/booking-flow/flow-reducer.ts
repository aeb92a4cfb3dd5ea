/**
 * The booking flow as a pure state machine: which step is shown, what the visitor chose and typed,
 * and what the server said. Components dispatch events; effects (fetching, holding, booking) live
 * in booking-flow.tsx and report back with events. Nothing typed is ever dropped on a refusal.
 * (Over 300 lines on purpose: every transition of the flow is one case of one switch, read in one place.)
 */
import type { DuePayment } from "./api-client.ts";
import type { OfferPick, OfferPicks } from "./offers.ts";
import type { SeatInfo } from "./seats.ts";

export type Step = "services" | "datetime" | "details" | "payment";

/** A booking made and waiting for its payment: what the payment step pays, and where it goes once paid. */
export interface PendingPayment extends DuePayment {
  bookingId: string;
  manageToken: string;
  priceCents: number;
}

export interface GuestEntry {
  name: string;
  email: string;
}

export interface DetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  location: string;
  notes: string;
  consent: boolean;
  guestCount: string;
  guests: GuestEntry[];
  answers: Record<string, string | string[]>;
  /** A coupon code, checked by the server (its refusals come back at this field). */
  couponCode: string;
  /** Issue 17: repeat the booking (as the calendar allows); null: once. */
  repeat: { frequency: "daily" | "weekly" | "monthly"; interval: number; count: number } | null;
}

export const EMPTY_DETAILS: DetailsValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  dateOfBirth: "",
  location: "",
  notes: "",
  consent: false,
  guestCount: "",
  guests: [],
  answers: {},
  couponCode: "",
  repeat: null,
};

export interface Notice {
  kind: "slotTaken" | "error" | "info";
  /** A catalogue key under widget.* or an API error code (problem.<CODE>). */
  code: string;
  values?: Record<string, string | number>;
}

export interface FlowState {
  step: Step;
  steps: Step[];
  timezone: string;
  month: string;
  slots: Record<string, string[]>;
  /** Class calendars showing seats: seats left per time and full classes (null otherwise). */
  seats: SeatInfo | null;
  /** The query the slots answer; a late answer to an older query is ignored. */
  slotsKey: string;
  slotsStatus: "ready" | "loading" | "error";
  selectedDate: string | null;
  selectedSlot: string | null;
  staffId: string | null;
  /** Per attendee (0 = the visitor), the chosen service ids (service calendars). */
  carts: string[][];
  /** Service calendars: the variation and add-ons picked per service (offers.ts). */
  offers: OfferPicks;
  activeCart: number;
  /** `staff`: service calendars, who performs each line (hold-slot.ts). */
  hold: {
    id: string;
    slot: string;
    expiresAt: string;
    staff?: HeldStaff | undefined;
  } | null;
  /**
   * The slot whose hold has been asked for and not yet answered. Slots fetched meanwhile may already
   * leave it out (our own hold hides it), which must not undo the visitor's choice.
   */
  holdRequested: string | null;
  notice: Notice | null;
  details: DetailsValues;
  /** Field path → catalogue key of its message. */
  errors: Record<string, string>;
  errorValues: Record<string, Record<string, string | number>>;
  submitting: boolean;
  /** Submitting, but still waiting for the proof of work (the button says "Checking…"). */
  checking?: boolean;
  /** Shown slots per day before 'Load more'. */
  visibleSlots: number;
  searchingNext: boolean;
  /** The payment step's booking (status pending_payment), once the details were accepted. */
  payment: PendingPayment | null;
  /** The server's price with the coupon applied, for the choices of `key` (quoteKey). */
  quoted: { key: string; quote: Quote } | null;
  /** While repeating: the series' price (POST …/series-preview, `seriesPrice`) for the choices of `key` (seriesKey). */
  series: { key: string; price: SeriesPrice } | null;
}

/** What a series costs together, in minor units: the repeat chooser's answer, shown by the summary too. */
export interface SeriesPrice {
  totalMinor: number;
  depositMinor: number;
  /** The dates that would be booked (or requested). */
  count: number;
}

/** Who performs each attendee's service in a hold. */
type HeldStaff = { guestIndex: number; serviceId: string; staffId: string }[];

/** The API's price quote (public-api-schemas.ts: QuoteSchema), in minor units of `currency`. */
export interface Quote {
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  depositMinor: number;
  couponCode: string | null;
  payment: { kind: "full" | "deposit"; amountMinor: number } | null;
}

/** What a quote was asked for: once any of it changes, the quote no longer applies. */
export const quoteKey = (s: FlowState) =>
  JSON.stringify([
    s.selectedSlot,
    s.staffId,
    s.carts,
    s.offers,
    s.hold?.id,
    s.details.couponCode.trim(),
    s.details.email.trim(),
    s.details.guestCount,
    s.details.guests.length,
    s.details.repeat,
  ]);

/** The applied quote, while it still holds for the visitor's choices. */
export const currentQuote = (s: FlowState): Quote | null =>
  s.quoted && s.quoted.key === quoteKey(s) ? s.quoted.quote : null;

/** What a series' price was asked for (repeat-chooser.tsx): the booking's choices, the repetition, the applied coupon. */
export const seriesKey = (s: FlowState) => {
  const applied = currentQuote(s)?.couponCode;
  return JSON.stringify([
    s.selectedSlot,
    s.staffId,
    s.carts,
    s.offers,
    s.hold?.id,
    s.details.guestCount,
    s.details.repeat,
    applied ? [applied, s.details.email.trim()] : null,
  ]);
};

/** The series' price while it still holds for the visitor's choices; null when not repeating or not known yet. */
export const currentSeries = (s: FlowState): SeriesPrice | null =>
  s.details.repeat && s.series && s.series.key === seriesKey(s) ? s.series.price : null;

export const SLOT_PAGE = 12;

/** What survives a full page load (the language switch): the visitor's place and everything typed. */
export type SavedFlow = Pick<
  FlowState,
  | "step"
  | "selectedDate"
  | "selectedSlot"
  | "staffId"
  | "carts"
  | "offers"
  | "activeCart"
  | "hold"
  | "details"
  | "payment"
>;

export function saveFlow(state: FlowState): SavedFlow {
  const { step, selectedDate, selectedSlot, staffId, carts, offers, activeCart, hold, details, payment } = state;
  return { step, selectedDate, selectedSlot, staffId, carts, offers, activeCart, hold, details, payment };
}

export type FlowEvent =
  | { type: "monthShown"; month: string; key: string }
  | { type: "slotsLoaded"; key: string; slots: Record<string, string[]>; seats?: SeatInfo | null }
  | { type: "slotsFailed"; key: string; code: string }
  | { type: "slotsChanged"; key: string; slots: Record<string, string[]>; seats?: SeatInfo | null }
  | { type: "dateSelected"; date: string }
  | { type: "slotSelected"; slot: string; holdRequested?: boolean }
  | { type: "holdGranted"; slot: string; id: string; expiresAt: string; staff?: HeldStaff | undefined }
  | { type: "slotRefused"; slot: string; code: string; values?: Record<string, string | number> }
  | { type: "timezoneChanged"; timezone: string; key: string }
  | { type: "staffChanged"; staffId: string | null; key: string }
  | { type: "cartsChanged"; carts: string[][]; activeCart?: number; removedGuest?: number }
  | { type: "offersChanged"; serviceId: string; pick: OfferPick }
  | { type: "goTo"; step: Step }
  | { type: "restored"; saved: SavedFlow }
  | { type: "detailsChanged"; patch: Partial<DetailsValues> }
  | { type: "quoted"; quoted: FlowState["quoted"] }
  | { type: "seriesPriced"; series: FlowState["series"] }
  | {
      type: "validationFailed";
      errors: Record<string, string>;
      values?: Record<string, Record<string, string | number>>;
    }
  | { type: "submitStarted"; checking?: boolean }
  | {
      type: "submitRefused";
      code: string;
      values?: Record<string, string | number>;
      fieldErrors?: Record<string, string>;
    }
  | { type: "searchNextStarted" }
  | { type: "searchNextDone"; date: string | null; month?: string; key?: string }
  | { type: "loadMore" }
  | { type: "dismissNotice" }
  | { type: "paymentDue"; payment: PendingPayment }
  /** The visitor went back, or the time to pay ran out (`code`): the booking was released. */
  | { type: "paymentReleased"; code: string | null };

/** Codes that mean "this time is no longer free": back to the calendar with fresh slots. */
export const SLOT_TAKEN_CODES = new Set([
  "STAFF_BUSY",
  "NO_SLOTS",
  "RESOURCE_UNAVAILABLE",
  "SEATS_EXCEEDED",
  "SCHEDULING_FAILED",
  "HOLD_NOT_FOUND",
]);

/** Refusals of a time whose own message says more than "taken". */
const OWN_MESSAGE_CODES = new Set(["SEATS_EXCEEDED", "SCHEDULING_FAILED", "RESOURCE_UNAVAILABLE", "HOLD_NOT_FOUND"]);

export function firstAvailableDate(slots: Record<string, string[]>): string | null {
  return (
    Object.keys(slots)
      .filter((d) => (slots[d]?.length ?? 0) > 0)
      .sort()[0] ?? null
  );
}

function withSlots(state: FlowState, slots: Record<string, string[]>, seats: SeatInfo | null): FlowState {
  const keep =
    state.selectedDate && state.selectedDate.startsWith(state.month) && (slots[state.selectedDate]?.length ?? 0) > 0;
  return {
    ...state,
    slots,
    seats,
    slotsStatus: "ready",
    selectedDate: keep ? state.selectedDate : firstAvailableDate(slots),
    visibleSlots: keep ? state.visibleSlots : SLOT_PAGE,
  };
}

export function flowReducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case "quoted":
      return { ...state, quoted: event.quoted };
    case "seriesPriced":
      return { ...state, series: event.series };
    case "restored": {
      // Only a step this flow has; the details and choices come back as they were.
      const saved = {
        ...event.saved,
        payment: event.saved.payment ?? null,
        offers: event.saved.offers ?? {},
        // A flow saved before a field existed gets it empty.
        details: { ...EMPTY_DETAILS, ...event.saved.details },
      };
      const known = state.steps.includes(saved.step) && (saved.step !== "payment" || saved.payment !== null);
      return {
        ...state,
        ...saved,
        step: known ? saved.step : state.step,
        errors: {},
        errorValues: {},
        submitting: false,
      };
    }
    case "monthShown":
      return {
        ...state,
        month: event.month,
        slotsKey: event.key,
        slotsStatus: "loading",
        slots: {},
        seats: null,
        selectedDate: null,
        visibleSlots: SLOT_PAGE,
      };
    case "slotsLoaded":
      if (event.key !== state.slotsKey) return state;
      return withSlots(state, event.slots, event.seats ?? null);
    case "slotsChanged": {
      if (event.key !== state.slotsKey) return state;
      // Our own held slot stays selectable: the hold is what hides it from everyone else — also
      // while its hold is still being granted.
      const slots = { ...event.slots };
      const held = state.hold?.slot ?? state.holdRequested;
      const heldDate = held && state.selectedDate;
      if (held && heldDate && !slots[heldDate]?.includes(held))
        slots[heldDate] = [...(slots[heldDate] ?? []), held].sort();
      const next = withSlots(state, slots, event.seats ?? null);
      const stillFree = !state.selectedSlot || Object.values(slots).some((list) => list.includes(state.selectedSlot!));
      return stillFree
        ? next
        : {
            ...next,
            selectedSlot: null,
            hold: null,
            notice: state.step === "datetime" ? { kind: "slotTaken", code: "widget.slotTaken" } : state.notice,
          };
    }
    case "slotsFailed":
      if (event.key !== state.slotsKey) return state;
      return { ...state, slotsStatus: "error", slots: {}, seats: null, notice: { kind: "error", code: event.code } };
    case "dateSelected":
      return { ...state, selectedDate: event.date, visibleSlots: SLOT_PAGE };
    case "slotSelected":
      return {
        ...state,
        selectedSlot: event.slot,
        notice: null,
        hold: state.hold?.slot === event.slot ? state.hold : null,
        holdRequested: event.holdRequested ? event.slot : null,
      };
    case "holdGranted":
      return state.selectedSlot === event.slot
        ? {
            ...state,
            hold: { id: event.id, slot: event.slot, expiresAt: event.expiresAt, staff: event.staff },
            holdRequested: null,
          }
        : state;
    case "slotRefused": {
      const slots = Object.fromEntries(
        Object.entries(state.slots).map(([d, list]) => [d, list.filter((s) => s !== event.slot)]),
      );
      return {
        ...state,
        step: "datetime",
        slots,
        selectedSlot: null,
        hold: null,
        holdRequested: null,
        submitting: false,
        notice: SLOT_TAKEN_CODES.has(event.code)
          ? {
              kind: "slotTaken",
              // Taken by someone else: said plainly. Refusals with more to say (seats left, a hold run
              // out, a failure worth retrying) keep their own message (spec §8).
              code: OWN_MESSAGE_CODES.has(event.code) ? event.code : "widget.slotTaken",
              ...(event.values ? { values: event.values } : {}),
            }
          : { kind: "error", code: event.code, ...(event.values ? { values: event.values } : {}) },
      };
    }
    case "timezoneChanged":
      return {
        ...state,
        timezone: event.timezone,
        slotsKey: event.key,
        slotsStatus: "loading",
        selectedSlot: null,
        hold: null,
      };
    case "staffChanged":
      return {
        ...state,
        staffId: event.staffId,
        slotsKey: event.key,
        slotsStatus: "loading",
        selectedSlot: null,
        hold: null,
      };
    case "cartsChanged":
      return {
        ...state,
        carts: event.carts,
        offers: event.removedGuest === undefined ? state.offers : withoutGuest(state.offers, event.removedGuest),
        activeCart: event.activeCart ?? Math.min(state.activeCart, event.carts.length - 1),
        errors: {},
        notice: null,
      };
    case "offersChanged": {
      const errors = { ...state.errors };
      delete errors[`offers.${event.serviceId.split("@")[0]}`];
      return { ...state, offers: { ...state.offers, [event.serviceId]: event.pick }, errors, notice: null };
    }
    case "goTo":
      return { ...state, step: event.step, notice: null };
    case "detailsChanged": {
      // Editing a field clears its message; everything else stays as typed.
      const errors = { ...state.errors };
      for (const key of Object.keys(event.patch)) {
        for (const path of Object.keys(errors)) if (path === key || path.startsWith(`${key}.`)) delete errors[path];
      }
      return { ...state, details: { ...state.details, ...event.patch }, errors };
    }
    case "validationFailed":
      return { ...state, errors: event.errors, errorValues: event.values ?? {}, submitting: false };
    case "submitStarted":
      return { ...state, submitting: true, checking: event.checking ?? false, notice: null };
    case "submitRefused":
      return {
        ...state,
        submitting: false,
        errors: event.fieldErrors ?? state.errors,
        notice: { kind: "error", code: event.code, ...(event.values ? { values: event.values } : {}) },
      };
    case "searchNextStarted":
      return { ...state, searchingNext: true };
    case "searchNextDone":
      if (!event.date) return { ...state, searchingNext: false, notice: { kind: "info", code: "widget.noSlotsAhead" } };
      if (event.month && event.key && event.month !== state.month) {
        return {
          ...state,
          searchingNext: false,
          month: event.month,
          slotsKey: event.key,
          slotsStatus: "loading",
          slots: {},
          seats: null,
          selectedDate: event.date,
          visibleSlots: SLOT_PAGE,
          notice: null,
        };
      }
      return { ...state, searchingNext: false, selectedDate: event.date, notice: null };
    case "loadMore":
      return { ...state, visibleSlots: state.visibleSlots + SLOT_PAGE };
    case "dismissNotice":
      return { ...state, notice: null };
    case "paymentDue":
      // The booking now holds the time itself: the details-step hold was released with it.
      return { ...state, step: "payment", payment: event.payment, hold: null, submitting: false, notice: null };
    case "paymentReleased":
      return event.code
        ? {
            ...state,
            step: "datetime",
            payment: null,
            selectedSlot: null,
            hold: null,
            notice: { kind: "error", code: event.code },
          }
        : { ...state, step: "details", payment: null, hold: null, notice: null };
  }
}

export function stepsFor(type: string, hasPresetServices: boolean, paysOnline = false): Step[] {
  const steps: Step[] =
    type === "service" && !hasPresetServices ? ["services", "datetime", "details"] : ["datetime", "details"];
  return paysOnline ? [...steps, "payment"] : steps;
}

/**
 * The picks once guest `removed` has left: their own picks go, and later guests' own picks move up
 * with them (guest 3 becomes guest 2), so nobody is left with another's choice. Here rather than in
 * offers.ts, which (with the pricing it brings) is not in the booking page's first JavaScript.
 */
export function withoutGuest(picks: OfferPicks, removed: number): OfferPicks {
  const out: Record<string, OfferPick> = {};
  for (const [key, pick] of Object.entries(picks)) {
    const [serviceId, guest] = key.split("@");
    if (guest === undefined) out[key] = pick;
    else if (Number(guest) < removed) out[key] = pick;
    else if (Number(guest) > removed) out[`${serviceId}@${Number(guest) - 1}`] = pick;
  }
  return out;
}
