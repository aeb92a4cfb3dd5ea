/** Where the flow starts: the server's first paint (its slots, the preset services, a managed booking's carts). */
import type { BookingPageData } from "./booking-page.server.ts";
import { EMPTY_DETAILS, flowReducer, SLOT_PAGE, stepsFor, type FlowState, type Step } from "./flow-reducer.ts";

export function initialState(data: BookingPageData): FlowState {
  const steps = data.isReschedule
    ? (["datetime"] as Step[])
    : stepsFor(
        data.config.type,
        // A linked service with variations or add-ons still asks for them on the services step.
        data.presetServiceIds.length > 0 && !data.presetAsksOptions,
        data.config.payment !== "none",
      );
  const preset = data.isReschedule
    ? [...(data.managed?.booking.serviceIds ?? [])]
    : data.presetServiceIds.length
      ? data.presetServiceIds
      : data.preselectedServiceIds;
  // A rescheduled booking keeps every attendee's own cart.
  const managedCarts =
    data.isReschedule && data.managed?.booking.carts.length ? data.managed.booking.carts.map((c) => [...c]) : null;
  const state: FlowState = {
    step: steps[0]!,
    steps,
    timezone: data.timezone,
    month: data.month,
    slots: {},
    seats: null,
    slotsKey: "",
    slotsStatus: data.slots ? "ready" : "loading",
    selectedDate: null,
    selectedSlot: null,
    staffId:
      data.isReschedule && data.config.type === "round_robin" ? (data.managed?.booking.staff[0]?.id ?? null) : null,
    carts: managedCarts ?? [preset],
    offers: data.offers,
    activeCart: 0,
    hold: null,
    holdRequested: null,
    notice: data.slotsError ? { kind: "error", code: data.slotsError } : null,
    details: { ...EMPTY_DETAILS, ...data.prefill },
    errors: {},
    errorValues: {},
    submitting: false,
    visibleSlots: SLOT_PAGE,
    searchingNext: false,
    payment: null,
    quoted: null,
    series: null,
  };
  const withKey = { ...state, slotsKey: slotsKey(state) };
  return data.slots
    ? flowReducer(withKey, { type: "slotsLoaded", key: withKey.slotsKey, slots: data.slots, seats: data.seats })
    : withKey;
}

/** Identifies a slot query: a response for an older key is dropped. */
export function slotsKey(s: Pick<FlowState, "month" | "timezone" | "staffId" | "carts" | "offers">): string {
  return [
    s.month,
    s.timezone,
    s.staffId ?? "any",
    s.carts.map((c) => c.join(",")).join(";"),
    s.carts.length,
    JSON.stringify(s.offers),
  ].join("|");
}
