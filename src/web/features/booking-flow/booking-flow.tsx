import { useLingui } from "@lingui/react";
import { readSession, removeSession, writeSession } from "../../components/session-storage.ts";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useNavigate } from "react-router";
import { languageTag, type LocaleCode } from "../../../i18n/locales.ts";
import {
  bookingPageUrl,
  createBooking,
  fetchFreeSlots,
  fetchNextAvailable,
  holdSlot,
  rescheduleBooking,
  type BookingRequest,
  type SlotsByDate,
} from "./api-client.ts";
import type { BookingPageData } from "./booking-page.server.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { monthOf, monthRange } from "./dates.ts";
import { DateTimeStep } from "./date-time-step.tsx";
import { DetailsStep } from "./details-step.tsx";
import {
  EMPTY_DETAILS,
  flowReducer,
  SLOT_PAGE,
  SLOT_TAKEN_CODES,
  stepsFor,
  type FlowState,
  type Step,
  saveFlow,
  type SavedFlow,
} from "./flow-reducer.ts";
import { NoticeBanner } from "./notice-banner.tsx";
import { ServicesStep } from "./services-step.tsx";
import { fieldPathOf, firstInvalid, validateCarts, validateDetails } from "./validation.ts";
import { LOCALE_SWITCH_EVENT, useLocalePath } from "../../components/locale.tsx";

const flatten = (slots: SlotsByDate): Record<string, string[]> =>
  Object.fromEntries(Object.entries(slots).map(([d, v]) => [d, v.slots]));

function initialState(data: BookingPageData): FlowState {
  const steps = data.isReschedule
    ? (["datetime"] as Step[])
    : stepsFor(data.config.type, data.presetServiceIds.length > 0);
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
    slotsKey: "",
    slotsStatus: data.slots ? "ready" : "loading",
    selectedDate: null,
    selectedSlot: null,
    staffId:
      data.isReschedule && data.config.type === "round_robin" ? (data.managed?.booking.staff[0]?.id ?? null) : null,
    carts: managedCarts ?? [preset],
    activeCart: 0,
    hold: null,
    notice: data.slotsError ? { kind: "error", code: data.slotsError } : null,
    details: EMPTY_DETAILS,
    errors: {},
    errorValues: {},
    submitting: false,
    visibleSlots: SLOT_PAGE,
    searchingNext: false,
  };
  const withKey = { ...state, slotsKey: slotsKey(state) };
  return data.slots ? flowReducer(withKey, { type: "slotsLoaded", key: withKey.slotsKey, slots: data.slots }) : withKey;
}

function slotsKey(s: Pick<FlowState, "month" | "timezone" | "staffId" | "carts">): string {
  return [s.month, s.timezone, s.staffId ?? "any", s.carts.map((c) => c.join(",")).join(";"), s.carts.length].join("|");
}

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/**
 * The booking flow of one calendar: (services) → date and time (with staff) → your information →
 * the confirmation page. Reschedule mode shows only the date step for a booking opened with its
 * manage token.
 */
export function BookingFlow({ data }: { data: BookingPageData }) {
  const { i18n } = useLingui();
  const tag = languageTag(i18n.locale as LocaleCode);
  const navigate = useNavigate();
  const toLocalePath = useLocalePath();
  const [state, dispatch] = useReducer(flowReducer, data, initialState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstStep = useRef(true);
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  const { config } = data;

  // Service calendars: the booker's cart and one cart per guest, the same for slots, hold and booking.
  const slotParams = useCallback(
    (s: FlowState) => ({
      timezone: s.timezone,
      staffId: s.staffId,
      serviceIds: config.type === "service" ? (s.carts[0] ?? []) : [],
      guestCarts: config.type === "service" ? s.carts.slice(1) : [],
      guests: config.type === "service" ? s.carts.length - 1 : 0,
    }),
    [config.type],
  );

  const loadSlots = useCallback(
    async (s: FlowState, kind: "slotsLoaded" | "slotsChanged" = "slotsLoaded") => {
      const key = slotsKey(s);
      const { startDate, endDate } = monthRange(s.month);
      const result = await fetchFreeSlots(config.id, startDate, endDate, slotParams(s));
      if (result.ok) dispatch({ type: kind, key, slots: flatten(result.value) });
      else dispatch({ type: "slotsFailed", key, code: result.problem.code });
    },
    [config.id, slotParams],
  );

  /** Apply a change that alters the slot query, then fetch for it. */
  const requery = (patch: Partial<FlowState>, event: (key: string) => Parameters<typeof dispatch>[0]) => {
    const next = { ...stateRef.current, ...patch };
    const key = slotsKey(next);
    dispatch(event(key));
    void loadSlots({ ...next, slotsKey: key });
  };

  // First paint shows the server's slots; re-fetch only when the browser's zone differs.
  useEffect(() => {
    const zone = browserTimeZone();
    if (zone && zone !== data.timezone) {
      document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`;
      requery({ timezone: zone }, (key) => ({ type: "timezoneChanged", timezone: zone, key }));
    } else if (!data.slots && stateRef.current.step === "datetime") {
      void loadSlots(stateRef.current);
    }
    // Once, on mount: it compares the server's first paint with this browser; later changes go through requery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
    source.addEventListener("slots", () => {
      clearTimeout(timer);
      timer = setTimeout(() => void loadSlots(stateRef.current, "slotsChanged"), 100);
    });
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
    dispatch({ type: "slotSelected", slot });
    if (data.isReschedule) return;
    // A class place is a seat counter, not held; the booking itself checks the seats.
    if (config.type !== "class") {
      const s = stateRef.current;
      const result = await holdSlot(config.id, { startTime: slot, ...slotParams(s) });
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
      dispatch({ type: "holdGranted", slot, id: result.value.holdId, expiresAt: result.value.expiresAt });
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
    navigate(
      toLocalePath(bookingPageUrl(`/widget/booking/${config.id}`, data.managed.booking.id, data.token, "rescheduled")),
    );
  };

  const continueFromServices = () => {
    const check = validateCarts(state.carts, config.services);
    if (Object.keys(check.errors).length > 0) {
      dispatch({ type: "validationFailed", errors: check.errors, values: check.values });
      return;
    }
    // The guests chosen here are the guests of the details step.
    const guests = state.carts.slice(1).map((_, i) => state.details.guests[i] ?? { name: "", email: "" });
    dispatch({ type: "detailsChanged", patch: { guests } });
    requery({ step: "datetime" }, (key) => ({ type: "monthShown", month: stateRef.current.month, key }));
    dispatch({ type: "goTo", step: "datetime" });
  };

  const submit = async () => {
    const s = stateRef.current;
    const check = validateDetails(config, s.details, data.today);
    if (Object.keys(check.errors).length > 0) {
      dispatch({ type: "validationFailed", errors: check.errors });
      focusField(firstInvalid(check.errors, FIELD_ORDER));
      return;
    }
    if (!s.selectedSlot) return;
    const d = s.details;
    const body: BookingRequest = {
      calendarId: config.id,
      startTime: s.selectedSlot,
      timezone: s.timezone,
      contact: {
        firstName: d.firstName.trim(),
        lastName: d.lastName.trim(),
        email: d.email.trim(),
        phone: d.phone.trim() || null,
        dateOfBirth: d.dateOfBirth || null,
        location: d.location.trim() || null,
        notes: d.notes.trim() || null,
        consent: d.consent,
      },
      staffId: s.staffId,
      serviceIds: config.type === "service" ? (s.carts[0] ?? []) : null,
      ...(config.type === "service" && s.carts.length > 1 ? { guestCarts: s.carts.slice(1) } : {}),
      answers: d.answers,
      oneTimeSlug: data.oneTimeSlug,
      holdId: s.hold?.slot === s.selectedSlot ? s.hold.id : null,
      locale: i18n.locale,
    };
    if (config.type === "service" && config.guestMode === "count_only") {
      // The guests are the carts of the services step.
      if (s.carts.length > 1) body.guests = s.carts.length - 1;
    } else if (config.guestMode === "count_only" && d.guestCount.trim() !== "") body.guests = Number(d.guestCount);
    if (config.guestMode === "collect_detail" && d.guests.length > 0)
      body.guests = d.guests.map((g) => ({ name: g.name.trim(), email: g.email.trim() }));
    const json = JSON.stringify(body);
    // The same request retried (a lost answer) reuses its key, so it can never book twice.
    if (idempotency.current?.body !== json) idempotency.current = { body: json, key: crypto.randomUUID() };
    dispatch({ type: "submitStarted" });
    const result = await createBooking(body, idempotency.current.key);
    if (result.ok) {
      navigate(
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
        e.code in ERROR_CODE_KEYS ? ERROR_CODE_KEYS[e.code]! : "widget.validation.invalid";
    dispatch({
      type: "submitRefused",
      code: p.code,
      ...(p.count !== undefined ? { values: { count: p.count } } : {}),
      fieldErrors,
    });
    const first = firstInvalid(fieldErrors, FIELD_ORDER);
    if (first) focusField(first);
  };

  const stepIndex = state.steps.indexOf(state.step);
  const stepTitle =
    state.step === "services"
      ? "widget.step.services"
      : state.step === "datetime"
        ? data.isReschedule
          ? "widget.step.reschedule"
          : "widget.step.datetime"
        : "widget.step.details";

  return (
    <div className="booking-flow">
      <BookingSummary data={data} state={state} languageTag={tag} />
      <section className="booking-flow__main" aria-labelledby="step-heading">
        {state.steps.length > 1 ? (
          <ol className="steps" aria-label={i18n._("widget.steps.label")}>
            {state.steps.map((step, i) => (
              <li
                key={step}
                className={`steps__item${i === stepIndex ? " steps__item--current" : ""}${i < stepIndex ? " steps__item--done" : ""}`}
                aria-current={i === stepIndex ? "step" : undefined}
              >
                <span className="steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="steps__name">
                  {i18n._(
                    step === "services"
                      ? "widget.step.services"
                      : step === "datetime"
                        ? "widget.step.datetime"
                        : "widget.step.details",
                  )}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
        <div className="step-head">
          {stepIndex > 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => dispatch({ type: "goTo", step: state.steps[stepIndex - 1]! })}
            >
              <span aria-hidden="true">←</span> {i18n._("widget.back")}
            </button>
          ) : null}
          <h2 id="step-heading" ref={headingRef} tabIndex={-1}>
            {i18n._(stepTitle)}
          </h2>
        </div>
        <NoticeBanner notice={state.notice} onDismiss={() => dispatch({ type: "dismissNotice" })} />
        {state.step === "services" ? (
          <ServicesStep
            config={config}
            state={state}
            languageTag={tag}
            dispatch={dispatch}
            onContinue={continueFromServices}
          />
        ) : null}
        {state.step === "datetime" ? (
          <DateTimeStep
            data={data}
            state={state}
            languageTag={tag}
            onMonth={changeMonth}
            onDate={(date) => dispatch({ type: "dateSelected", date })}
            onSlot={(slot) => void chooseSlot(slot)}
            onLoadMore={() => dispatch({ type: "loadMore" })}
            onFindNext={() => void findNext()}
            onTimezone={(zone) => {
              document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`;
              requery({ timezone: zone }, (key) => ({ type: "timezoneChanged", timezone: zone, key }));
            }}
            onStaff={(staffId) => requery({ staffId }, (key) => ({ type: "staffChanged", staffId, key }))}
            onConfirmReschedule={() => void confirmReschedule()}
          />
        ) : null}
        {state.step === "details" ? (
          <DetailsStep data={data} state={state} languageTag={tag} dispatch={dispatch} onSubmit={() => void submit()} />
        ) : null}
      </section>
    </div>
  );
}

/** Field order of the details form, for focusing the first invalid field. */
const FIELD_ORDER = ["firstName", "lastName", "email", "phone", "dateOfBirth", "location", "guestCount"];

const ERROR_CODE_KEYS: Record<string, string> = {
  GUEST_NAME_REQUIRED: "widget.validation.guestNameRequired",
  GUEST_NAME_INVALID: "widget.validation.guestNameInvalid",
  GUEST_EMAIL_REQUIRED: "widget.validation.guestEmailRequired",
  GUEST_EMAIL_INVALID: "widget.validation.emailInvalid",
  GUEST_EMAIL_DUPLICATE: "widget.validation.guestEmailDuplicate",
  GUEST_COUNT_RANGE: "widget.validation.guestCount",
  FIELD_REQUIRED: "widget.validation.required",
  LOCATION_REQUIRED: "widget.validation.location",
  OPTION_REQUIRED: "widget.validation.option",
  SERVICES_REQUIRED: "widget.validation.servicesForAll",
  SERVICE_GUEST_LIMIT: "widget.validation.serviceLimit",
  too_small: "widget.validation.required",
  invalid_format: "widget.validation.emailInvalid",
};

function focusField(path: string | null) {
  if (!path) return;
  // Let React commit the messages first, so the field is announced with its error.
  requestAnimationFrame(() => document.getElementById(`field-${path.replace(/\./g, "-")}`)?.focus());
}
