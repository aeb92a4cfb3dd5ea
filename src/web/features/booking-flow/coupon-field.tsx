/**
 * The coupon field of the details step with its "Apply" button (issue 24): the server quotes the
 * booking's own price with the coupon (POST /api/calendars/{id}/quote — the same decision and
 * pricing as the booking), so the visitor sees the discount, the new total and deposit before
 * confirming, or the coupon's refusal at the field. Part of the lazily loaded details step.
 */
import { useLingui } from "@lingui/react";
import { useState, type Dispatch } from "react";
import { Field } from "../../components/form-field.tsx";
import { call, type ApiResult } from "./api-client.ts";
import type { BookingPageData } from "./booking-page.server.ts";
import { bookingRequestOf, ERROR_CODE_KEYS } from "./booking-request.ts";
import { formatMoney } from "./dates.ts";
import { quoteKey, type FlowEvent, type FlowState, type Quote } from "./flow-reducer.ts";

/** The quote's body: the booking's own choices, a guest count, the e-mail if typed (QuoteBodySchema). */
export function quoteRequestOf(data: BookingPageData, state: FlowState, locale: string) {
  const b = bookingRequestOf(data, state, locale);
  const guests = Array.isArray(b.guests) ? b.guests.length : b.guests;
  return {
    startTime: b.startTime,
    timezone: b.timezone,
    staffId: b.staffId ?? null,
    serviceIds: b.serviceIds ?? null,
    guestCarts: b.guestCarts ?? null,
    offers: b.offers ?? null,
    guests: guests ?? null,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.contact.email) ? b.contact.email : null,
    oneTimeSlug: b.oneTimeSlug ?? null,
    couponCode: b.couponCode ?? null,
    holdId: b.holdId ?? null,
    // A series is quoted whole: its total and deposits, as the booking will have them (ADR 0052).
    recurring: b.recurring ?? null,
  };
}

interface Props {
  data: BookingPageData;
  state: FlowState;
  locale: string;
  languageTag: string;
  /** The booking's own refusal of the code (after "Confirm"), already localised. */
  submitError: string | undefined;
  dispatch: Dispatch<FlowEvent>;
}

export function CouponField({ data, state, locale, languageTag, submitError, dispatch }: Props) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  // The refusal of the last "Apply", for the code it was given for.
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const [announced, setAnnounced] = useState("");
  const code = state.details.couponCode;
  const error = submitError ?? (refusal && refusal.code === code ? refusal.message : undefined);

  const apply = async () => {
    if (busy || code.trim() === "") return;
    const key = quoteKey(state);
    setBusy(true);
    const result: ApiResult<Quote> = await call<Quote>(`/api/calendars/${encodeURIComponent(data.config.id)}/quote`, {
      method: "POST",
      body: JSON.stringify(quoteRequestOf(data, state, locale)),
    });
    setBusy(false);
    if (result.ok) {
      setRefusal(null);
      dispatch({ type: "quoted", quoted: { key, quote: result.value } });
      const money = (minor: number) => formatMoney(minor, result.value.currency, languageTag);
      setAnnounced(
        i18n._("widget.coupon.applied", {
          discount: money(result.value.discountMinor),
          total: money(result.value.totalMinor),
        }),
      );
      return;
    }
    const messageKey = ERROR_CODE_KEYS[result.problem.code] ?? `problem.${result.problem.code}`;
    const message = result.problem.code.startsWith("COUPON_") ? i18n._(messageKey) : i18n._("widget.coupon.notChecked");
    dispatch({ type: "quoted", quoted: null });
    setRefusal({ code, message });
    setAnnounced(message);
  };

  return (
    <fieldset className="form-section">
      <legend className="visually-hidden">{i18n._("widget.form.coupon")}</legend>
      <Field path="couponCode" label={i18n._("widget.form.coupon")} error={error}>
        {(props) => (
          <div className="coupon-field">
            <input
              {...props}
              type="text"
              name="couponCode"
              autoComplete="off"
              value={code}
              onChange={(e) => dispatch({ type: "detailsChanged", patch: { couponCode: e.target.value } })}
              onKeyDown={(e) => {
                // Enter in the code applies it; it does not confirm the booking.
                if (e.key === "Enter") {
                  e.preventDefault();
                  void apply();
                }
              }}
            />
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy}
              onClick={() => void apply()}
            >
              {i18n._("widget.coupon.apply")}
            </button>
          </div>
        )}
      </Field>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </fieldset>
  );
}
