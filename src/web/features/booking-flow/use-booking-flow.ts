/**
 * The booking flow's state and what the visitor can do with it: loading slots (and reloading them
 * when they change elsewhere), holding a slot, submitting, rescheduling, keeping the visitor's place
 * across a language switch, moving focus between steps and bringing the times into view. The step
 * components only render. (Over 300 lines: the effects share the latest state and each other's
 * requests; split, they would pass the same refs around.)
 */
import { useLingui } from "@lingui/react";
import { missingVariations, offersOf } from "./offers.ts";
import { readSession, removeSession, writeSession } from "../../components/session-storage.ts";
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useReducer, useRef } from "react";
import { useNavigate } from "react-router";
import {
  abandonPayment,
  bookingPageUrl,
  createBooking,
  fetchFreeSlots,
  fetchNextAvailable,
  holdSlot,
  rescheduleBooking,
} from "./api-client.ts";
import type { BookingPageData } from "./booking-page.server.ts";
import { monthOf, monthRange } from "./dates.ts";
import { flowReducer, SLOT_TAKEN_CODES, type FlowState, saveFlow, type SavedFlow } from "./flow-reducer.ts";
import { bookingRequestOf, ERROR_CODE_KEYS, FIELD_ORDER, focusField, FORM_CODE } from "./booking-request.ts";
import { initialState, slotsKey } from "./initial-state.ts";
import { splitSlots } from "./seats.ts";
import { fieldPathOf, firstInvalid, validateCarts } from "./validation.ts";
import { LOCALE_SWITCH_EVENT, useLocalePath } from "../../components/locale.tsx";
import { notifyHost } from "../../components/embed-bridge.ts";
import { startBookingProof, type PendingProof } from "./booking-proof.ts";

/** Refusals of the proof itself (expired, spent, too easy for a suspect client): solved again once, unseen. */
const PROOF_RETRY_CODES = new Set(["PROOF_EXPIRED", "PROOF_USED", "PROOF_TOO_EASY", "PROOF_INVALID"]);

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

export function useBookingFlow(data: BookingPageData) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const toLocalePath = useLocalePath();
  const [state, dispatch] = useReducer(flowReducer, data, initialState);
  // Handlers and callbacks that outlive a render (after a request, on a server event) read the latest state here.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstStep = useRef(true);
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  const { config } = data;
  // The proof of work for the next booking: started on the details step, kept until a server
  // answers a booking made with it (a lost answer's retry sends it again, with the same key).
  const pendingProof = useRef<PendingProof | null>(null);
  const proofForNextBooking = () => (pendingProof.current ??= startBookingProof());
  useEffect(() => {
    if (state.step === "details" && !data.isReschedule) proofForNextBooking();
  }, [state.step, data.isReschedule]);
  useEffect(() => () => pendingProof.current?.cancel(), []);

  // Service calendars: the booker's cart and one cart per guest, the same for slots, hold and booking.
  const slotParams = useCallback(
    (s: FlowState) => ({
      timezone: s.timezone,
      staffId: s.staffId,
      serviceIds: config.type === "service" ? (s.carts[0] ?? []) : [],
      guestCarts: config.type === "service" ? s.carts.slice(1) : [],
      guests: config.type === "service" ? s.carts.length - 1 : 0,
      offers: config.type === "service" ? offersOf(s.offers, s.carts, config) : [],
      // Moving a booking: its own time is free to it (a later start overlapping the current one).
      rescheduling:
        data.isReschedule && data.managed && data.token
          ? { bookingId: data.managed.booking.id, token: data.token }
          : null,
    }),
    [config, data.isReschedule, data.managed, data.token],
  );

  const loadSlots = useCallback(
    async (s: FlowState, kind: "slotsLoaded" | "slotsChanged" = "slotsLoaded") => {
      // A service calendar's times depend on what each person chose: while a cart is empty there is nothing
      // to ask (the server would refuse, and the services step says so itself when the visitor goes on).
      if (config.type === "service" && (s.carts.length === 0 || s.carts.some((cart) => cart.length === 0))) return;
      const key = slotsKey(s);
      const { startDate, endDate } = monthRange(s.month);
      const result = await fetchFreeSlots(config.id, startDate, endDate, slotParams(s));
      if (result.ok) dispatch({ type: kind, key, ...splitSlots(result.value) });
      else dispatch({ type: "slotsFailed", key, code: result.problem.code });
    },
    [config.id, config.type, slotParams],
  );

  /** Apply a change that alters the slot query, then fetch for it. */
  const requery = (patch: Partial<FlowState>, event: (key: string) => Parameters<typeof dispatch>[0]) => {
    const next = { ...stateRef.current, ...patch };
    const key = slotsKey(next);
    dispatch(event(key));
    void loadSlots({ ...next, slotsKey: key });
  };

  // First paint shows the server's slots; re-fetch only when the browser's zone differs.
  // Once, on mount: it compares the server's first paint with this browser; later changes go through requery.
  const compareWithBrowser = useEffectEvent(() => {
    const zone = browserTimeZone();
    if (zone && zone !== data.timezone) {
      document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`;
      requery({ timezone: zone }, (key) => ({ type: "timezoneChanged", timezone: zone, key }));
    } else if (!data.slots && stateRef.current.step === "datetime") {
      void loadSlots(stateRef.current);
    }
  });
  useEffect(() => compareWithBrowser(), []);

  // The language switch is a full page load: keep the visitor's place and input across it.
  useEffect(() => {
    const storageKey = `booking-flow:${config.id}:${data.isReschedule ? "reschedule" : "book"}`;
    const saved = readSession(storageKey);
    if (saved) {
      removeSession(storageKey);
      try {
        dispatch({ type: "restored", saved: JSON.parse(saved) as SavedFlow });
      } catch {
        // A damaged entry is ignored: the flow simply starts afresh.
      }
    }
    const save = () => writeSession(storageKey, JSON.stringify(saveFlow(stateRef.current)));
    window.addEventListener(LOCALE_SWITCH_EVENT, save);
    return () => window.removeEventListener(LOCALE_SWITCH_EVENT, save);
  }, [config.id, data.isReschedule]);

  // Slots booked elsewhere disappear within about a second (server-sent events).
  useEffect(() => {
    if (state.step !== "datetime" || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/calendars/${encodeURIComponent(config.id)}/events`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void loadSlots(stateRef.current, "slotsChanged"), 100);
    };
    source.addEventListener("slots", reload);
    // "ready" comes once the server listens for this calendar, on the first connection and after
    // every reconnect. A change committed before then (while the page hydrated, or while the
    // connection was down) sends no event, so the times shown are checked again here.
    source.addEventListener("ready", reload);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [state.step, config.id, loadSlots]);

  // Focus moves to the step's heading when the step changes (not on first paint).
  useEffect(() => {
    if (isFirstStep.current) {
      isFirstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.step]);

  // On a phone the times are below the month: bring them into view when a day is picked.
  const shown = useRef({ step: state.step, day: state.selectedDate });
  useEffect(() => {
    const before = shown.current;
    shown.current = { step: state.step, day: state.selectedDate };
    // Only while the date step stays open: opening it on a chosen day does not scroll.
    if (before.step !== "datetime" || state.step !== "datetime" || before.day === state.selectedDate) return;
    document.getElementById("slots-title")?.scrollIntoView({ block: "nearest" });
  }, [state.step, state.selectedDate]);

  // The host page of an embed hears each month of times as it arrives (the first paint's too).
  useEffect(() => {
    if (state.slotsStatus !== "ready") return;
    const days = Object.values(state.slots).filter((times) => times.length > 0).length;
    notifyHost("slots-loaded", { calendarId: config.id, month: state.month, daysWithTimes: days });
  }, [state.slots, state.slotsStatus, state.month, config.id]);

  const changeMonth = (month: string) => requery({ month }, (key) => ({ type: "monthShown", month, key }));

  const findNext = async () => {
    dispatch({ type: "searchNextStarted" });
    const s = stateRef.current;
    const from = s.month === monthOf(data.today) ? data.today : `${s.month}-01`;
    const result = await fetchNextAvailable(config.id, from, slotParams(s));
    if (!result.ok) {
      dispatch({ type: "searchNextDone", date: null });
      return;
    }
    const date = result.value.date;
    if (date && monthOf(date) !== s.month) {
      const next = { ...s, month: monthOf(date) };
      const key = slotsKey(next);
      dispatch({ type: "searchNextDone", date, month: next.month, key });
      void loadSlots(next);
    } else dispatch({ type: "searchNextDone", date });
  };

  const chooseSlot = async (slot: string) => {
    const previousHold = stateRef.current.hold?.id ?? null;
    // A class place is a seat counter, not held; the booking itself checks the seats.
    const holds = !data.isReschedule && config.type !== "class";
    dispatch({ type: "slotSelected", slot, holdRequested: holds });
    notifyHost("slot-chosen", { calendarId: config.id, startTime: slot, timezone: stateRef.current.timezone });
    if (data.isReschedule) return;
    if (holds) {
      const s = stateRef.current;
      // The visitor's previous hold (another time, or this one run out) is given up for the new one.
      const result = await holdSlot(config.id, {
        startTime: slot,
        ...slotParams(s),
        replacesHoldId: previousHold,
      });
      if (!result.ok) {
        dispatch({
          type: "slotRefused",
          slot,
          code: result.problem.code,
          ...(result.problem.availableSeats !== undefined ? { values: { count: result.problem.availableSeats } } : {}),
        });
        void loadSlots(stateRef.current, "slotsChanged");
        return;
      }
      dispatch({
        type: "holdGranted",
        slot,
        id: result.value.holdId,
        expiresAt: result.value.expiresAt,
        staff: result.value.assignments,
      });
    }
    dispatch({ type: "goTo", step: "details" });
  };

  const confirmReschedule = async () => {
    const s = stateRef.current;
    if (!s.selectedSlot || !data.managed || !data.token) return;
    dispatch({ type: "submitStarted" });
    const result = await rescheduleBooking(data.managed.booking.id, data.token, {
      startTime: s.selectedSlot,
      timezone: s.timezone,
    });
    if (!result.ok) {
      dispatch({ type: "slotRefused", slot: s.selectedSlot, code: result.problem.code });
      void loadSlots(stateRef.current, "slotsChanged");
      return;
    }
    void navigate(
      toLocalePath(bookingPageUrl(`/widget/booking/${config.id}`, data.managed.booking.id, data.token, "rescheduled")),
    );
  };

  const continueFromServices = () => {
    const check = validateCarts(state.carts, config.services);
    // A service with variations is not bookable bare: each one asks for its pick.
    const unpicked = missingVariations(state.offers, state.carts, config);
    for (const svc of unpicked) check.errors[`offers.${svc.id}`] = "problem.VARIATION_REQUIRED";
    if (Object.keys(check.errors).length > 0) {
      dispatch({ type: "validationFailed", errors: check.errors, values: check.values });
      if (unpicked[0]) focusField(`offers.${unpicked[0].id}`);
      return;
    }
    // The guests chosen here are the guests of the details step.
    const guests = state.carts.slice(1).map((_, i) => state.details.guests[i] ?? { name: "", email: "" });
    dispatch({ type: "detailsChanged", patch: { guests } });
    requery({ step: "datetime" }, (key) => ({ type: "monthShown", month: stateRef.current.month, key }));
    dispatch({ type: "goTo", step: "datetime" });
  };

  /**
   * `errors`: what the details step found wrong with its fields (its own checks and the attached
   * form's, in that step's chunk); `honeypot`: the step's hidden trap field, empty unless a bot (or a
   * browser's autofill) filled it.
   */
  const submit = async (errors: Record<string, string>, honeypot: HTMLInputElement | null = null) => {
    const s = stateRef.current;
    if (Object.keys(errors).length > 0) {
      dispatch({ type: "validationFailed", errors });
      focusField(firstInvalid(errors, FIELD_ORDER));
      return;
    }
    if (!s.selectedSlot) return;
    let result: Awaited<ReturnType<typeof createBooking>> | null = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      const pending = proofForNextBooking();
      dispatch({ type: "submitStarted", checking: !pending.isDone() });
      const proof = await pending.proof;
      dispatch({ type: "submitStarted" });
      // A browser that filled the hidden trap field (autofill) sends it: nothing is booked, and the
      // visitor is told so; the field is cleared for their next press.
      const trap = honeypot?.value.trim() ?? "";
      const body = {
        ...bookingRequestOf(data, s, i18n.locale),
        ...(proof ? { proof } : {}),
        ...(trap ? { _website: trap } : {}),
      };
      const json = JSON.stringify(body);
      // The same request retried (a lost answer) reuses its key, so it can never book twice. Over
      // plain HTTP (not a secure context) browsers have no randomUUID: 128 random bits in hex then.
      if (idempotency.current?.body !== json)
        idempotency.current = {
          body: json,
          key:
            crypto.randomUUID?.() ??
            Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(""),
        };
      result = await createBooking(body, idempotency.current.key);
      // Any answer but a lost one spent (or refused) the proof: the next booking solves a new one.
      if (!(!result.ok && result.problem.code === "NETWORK")) pendingProof.current = null;
      if (!result.ok && result.problem.code === "BOOKING_NOT_ACCEPTED" && honeypot) honeypot.value = "";
      if (result.ok || !PROOF_RETRY_CODES.has(result.problem.code)) break;
    }
    if (!result) return;
    if (!result.ok && result.problem.code !== "NETWORK") proofForNextBooking();
    if (result.ok && result.value.payment) {
      const { id: bookingId, manageToken, priceCents, payment } = result.value;
      dispatch({ type: "paymentDue", payment: { ...payment, bookingId, manageToken, priceCents } });
      return;
    }
    if (result.ok) {
      void navigate(
        toLocalePath(
          bookingPageUrl(`/widget/booking/${config.id}`, result.value.id, result.value.manageToken, "booked"),
        ),
      );
      return;
    }
    const p = result.problem;
    if (SLOT_TAKEN_CODES.has(p.code)) {
      dispatch({
        type: "slotRefused",
        slot: s.selectedSlot,
        code: p.code,
        ...(p.availableSeats !== undefined ? { values: { count: p.availableSeats } } : {}),
      });
      void loadSlots(stateRef.current, "slotsChanged");
      return;
    }
    const fieldErrors: Record<string, string> = {};
    for (const e of p.errors ?? [])
      fieldErrors[fieldPathOf(e.path)] =
        e.code in ERROR_CODE_KEYS
          ? ERROR_CODE_KEYS[e.code]!
          : // An attached form's own codes: its lazily loaded fields name their messages (attached-form-fields.tsx).
            e.path.startsWith("answers.")
            ? `${FORM_CODE}${e.code}`
            : "widget.validation.invalid";
    dispatch({
      type: "submitRefused",
      code: p.code,
      ...(p.count !== undefined ? { values: { count: p.count } } : {}),
      fieldErrors,
    });
    const first = firstInvalid(fieldErrors, FIELD_ORDER);
    if (first) focusField(first);
  };

  /** Paid: the booking is confirmed; its page is the confirmation. */
  const paymentSucceeded = () => {
    const p = stateRef.current.payment;
    if (!p) return;
    void navigate(toLocalePath(bookingPageUrl(`/widget/booking/${config.id}`, p.bookingId, p.manageToken, "booked")));
  };

  /**
   * Back to the details (`code` null: the visitor chose to) or to the times (the time to pay ran
   * out): the unpaid booking is released at once, everything typed stays.
   */
  const releasePayment = async (code: string | null) => {
    const p = stateRef.current.payment;
    if (p) await abandonPayment(p.id, p.clientSecret);
    dispatch({ type: "paymentReleased", code });
    if (code) void loadSlots(stateRef.current, "slotsChanged");
  };

  const setTimezone = (zone: string) => {
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`;
    requery({ timezone: zone }, (key) => ({ type: "timezoneChanged", timezone: zone, key }));
  };
  const setStaff = (staffId: string | null) => requery({ staffId }, (key) => ({ type: "staffChanged", staffId, key }));

  return {
    state,
    dispatch,
    headingRef,
    actions: {
      changeMonth,
      findNext,
      chooseSlot,
      confirmReschedule,
      continueFromServices,
      submit,
      paymentSucceeded,
      releasePayment,
      setTimezone,
      setStaff,
    },
  };
}
