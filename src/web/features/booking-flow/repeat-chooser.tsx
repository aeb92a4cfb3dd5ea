/**
 * Issue 17: repeat the booking as the calendar allows — how often, how many times — and every
 * occurrence with what would become of it (the server's own plan: POST …/series-preview), before
 * "Confirm booking". Loaded only when a calendar allows repetition (details-step.tsx), so a booking
 * page's first JavaScript stays within budget.
 */
import { useLingui } from "@lingui/react";
import { useEffect, useId, useState } from "react";
import type { Dispatch } from "react";
import { repetitionKey } from "../../../core/booking/series.ts";
import { repetitionOf } from "../../../core/availability/recurring.ts";
import { call } from "./api-client.ts";
import type { BookingPageData } from "./booking-page.server.ts";
import { formatDateTime, formatMoney } from "./dates.ts";
import type { DetailsValues, FlowEvent, FlowState, Quote } from "./flow-reducer.ts";
import { noticeMessage } from "./notice-banner.tsx";
import { useLaterMessages } from "./use-later-messages.ts";

type Repeat = NonNullable<DetailsValues["repeat"]>;
type Frequency = Repeat["frequency"];

interface OccurrencePreview {
  index: number;
  requestedStartTime: string;
  status: "booked" | "requested" | "not_booked";
  startTime: string | null;
  code: string | null;
  priceMinor: number | null;
}

type Preview =
  | { state: "loading" }
  | {
      state: "ready";
      occurrences: OccurrencePreview[];
      totalMinor: number;
      depositMinor: number;
      discountMinor: number;
      couponCode: string | null;
    }
  | { state: "error"; code: string; request: string };

const FREQUENCY_KEYS: Record<Frequency, string> = {
  daily: "recurring.repeat.daily",
  weekly: "recurring.repeat.weekly",
  monthly: "recurring.repeat.monthly",
};
/** "Every 2 weeks": the same frequencies with their interval. */
const EVERY_KEYS: Record<Frequency, string> = {
  daily: "recurring.repeat.every.daily",
  weekly: "recurring.repeat.every.weekly",
  monthly: "recurring.repeat.every.monthly",
};

export interface RepeatChooserProps {
  data: BookingPageData;
  state: FlowState;
  languageTag: string;
  dispatch: Dispatch<FlowEvent>;
  /** The coupon quote applied on the details step, while it holds (flow-reducer.ts: currentQuote). */
  applied?: Quote | null;
  /** What the series' price is asked for (flow-reducer.ts: seriesKey): the summary shows it while it holds. */
  pricedKey: string;
}

export default function RepeatChooser({ data, state, languageTag, dispatch, applied, pricedKey }: RepeatChooserProps) {
  const config = data.config;
  const recurring = config.recurring!;
  const repeat = state.details.repeat;
  const onChange = (next: Repeat | null) => dispatch({ type: "detailsChanged", patch: { repeat: next } });
  // What the booking would be made with (booking-request.ts): the preview asks about those choices.
  const guests = state.details.guestCount.trim();
  const request = {
    startTime: state.selectedSlot ?? "",
    timezone: state.timezone,
    staffId: state.staffId,
    holdId: state.hold?.slot === state.selectedSlot ? state.hold.id : null,
    oneTimeSlug: data.oneTimeSlug,
    ...(config.guestMode === "count_only" && guests !== "" ? { guests: Number(guests) } : {}),
    // An applied coupon comes off every occurrence (ADR 0051), its per-visitor limit checked against
    // the e-mail it was applied with; a code still being typed does not re-ask on every keystroke.
    ...(applied?.couponCode ? { couponCode: applied.couponCode, email: state.details.email.trim() || null } : {}),
  };
  useLaterMessages();
  const { i18n } = useLingui();
  const id = useId();
  const { frequencies, maxCount, policy } = recurring;
  const [preview, setPreview] = useState<Preview>({ state: "loading" });
  const key = JSON.stringify([request, repeat]);
  // A series has one host (planRecurring). Round robin with several members: the visitor's chosen
  // member, or the one their hold of this time fixed; with neither ("Any available" and no hold),
  // say so instead of offering a repetition the server would refuse (and book this date once).
  const needsMember = config.type === "round_robin" && config.staff.length > 1 && !request.staffId && !request.holdId;
  const cannotRepeat =
    needsMember ||
    (preview.state === "error" &&
      preview.code === "RECURRING_NOT_SUPPORTED" &&
      preview.request === JSON.stringify(request));
  useEffect(() => {
    if (cannotRepeat && repeat) onChange(null);
    // onChange dispatches; only the outcome matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cannotRepeat, repeat]);

  useEffect(() => {
    if (!repeat || !request.startTime) return;
    if (needsMember) return;
    let isCurrent = true;
    setPreview({ state: "loading" });
    // The summary shows the same series' price (booking-summary.tsx), for these choices only.
    const priced = pricedKey;
    const body = { ...request, recurring: { ...repeat, policy } };
    void call<{
      occurrences: OccurrencePreview[];
      totalMinor: number;
      depositMinor: number;
      discountMinor: number;
      couponCode: string | null;
    }>(`/api/calendars/${encodeURIComponent(config.id)}/series-preview`, {
      method: "POST",
      body: JSON.stringify(body),
    }).then((result) => {
      if (!isCurrent) return;
      if (result.ok) {
        const { totalMinor, depositMinor, occurrences } = result.value;
        const count = occurrences.filter((o) => o.priceMinor !== null).length;
        dispatch({ type: "seriesPriced", series: { key: priced, price: { totalMinor, depositMinor, count } } });
      }
      setPreview(
        result.ok
          ? { state: "ready", ...result.value }
          : { state: "error", code: result.problem.code, request: JSON.stringify(request) },
      );
    });
    return () => {
      isCurrent = false;
    };
    // `key` stands for request and repeat, compared by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, config.id, policy, needsMember]);

  if (cannotRepeat)
    return (
      <fieldset className="form-section repeat">
        <legend>{i18n._("recurring.repeat.title")}</legend>
        <p className="field__hint">{i18n._("recurring.repeat.needsMember")}</p>
      </fieldset>
    );

  const counts = Array.from({ length: maxCount - 1 }, (_, i) => i + 2);
  const when = (iso: string) => formatDateTime(iso, request.timezone, languageTag);
  const money = (minor: number) => formatMoney(minor, config.currency, languageTag);
  return (
    <fieldset className="form-section repeat">
      <legend>{i18n._("recurring.repeat.title")}</legend>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-often`}>{i18n._("recurring.repeat.often")}</label>
          <select
            id={`${id}-often`}
            value={repeat ? repetitionKey(repeat) : ""}
            onChange={(e) => {
              const chosen = frequencies.map(repetitionOf).find((r) => repetitionKey(r) === e.target.value);
              onChange(chosen ? { ...chosen, count: repeat?.count ?? Math.min(4, maxCount) } : null);
            }}
          >
            <option value="">{i18n._("recurring.repeat.once")}</option>
            {frequencies.map(repetitionOf).map((r) => (
              <option key={repetitionKey(r)} value={repetitionKey(r)}>
                {r.interval === 1
                  ? i18n._(FREQUENCY_KEYS[r.frequency])
                  : i18n._(EVERY_KEYS[r.frequency], { interval: r.interval })}
              </option>
            ))}
          </select>
        </div>
        {repeat ? (
          <div className="field">
            <label htmlFor={`${id}-count`}>{i18n._("recurring.repeat.count")}</label>
            <select
              id={`${id}-count`}
              value={repeat.count}
              onChange={(e) => onChange({ ...repeat, count: Number(e.target.value) })}
            >
              {counts.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {repeat ? (
        <>
          <p className="field__hint">
            {i18n._(`recurring.repeat.policy.${policy}`, { business: config.business.name })}
          </p>
          <div aria-live="polite" aria-busy={preview.state === "loading"}>
            {preview.state === "loading" ? <p className="muted">{i18n._("recurring.repeat.checking")}</p> : null}
            {preview.state === "error" ? (
              <p className="field__error" role="alert">
                {noticeMessage(i18n, { code: preview.code })}
              </p>
            ) : null}
            {preview.state === "ready" ? (
              <ol className="occurrences" aria-label={i18n._("recurring.repeat.list")}>
                {preview.occurrences.map((o) => (
                  <li key={o.index} className={`occurrence occurrence--${o.status}`}>
                    <span className={o.status === "not_booked" ? "is-struck" : undefined}>
                      {when(o.requestedStartTime)}
                    </span>
                    <span className="occurrence__status">
                      {o.status === "booked"
                        ? o.startTime && o.startTime !== o.requestedStartTime
                          ? i18n._("recurring.repeat.moved", { time: when(o.startTime) })
                          : i18n._("recurring.repeat.free")
                        : o.status === "requested"
                          ? i18n._("recurring.repeat.requested")
                          : i18n._("recurring.repeat.notBooked")}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
            {preview.state === "ready" && preview.totalMinor > 0 ? (
              // The series' price replaces the one appointment's (details-step.tsx): the server's own
              // sum over the dates it would book. Never paid online (repetition is offered only on
              // calendars without online payment), so any deposit is due as the business says.
              <section className="payment" aria-labelledby={`${id}-price`}>
                <h3 id={`${id}-price`}>{i18n._("widget.payment.title")}</h3>
                <dl>
                  {preview.discountMinor > 0 ? (
                    <>
                      <dt>{i18n._("widget.payment.discount", { code: preview.couponCode ?? "" })}</dt>
                      <dd className="payment__discount">−{money(preview.discountMinor)}</dd>
                    </>
                  ) : null}
                  <dt>
                    {i18n._("recurring.repeat.total", {
                      count: preview.occurrences.filter((o) => o.priceMinor !== null).length,
                    })}
                  </dt>
                  <dd>{money(preview.totalMinor)}</dd>
                  {preview.depositMinor > 0 ? (
                    <>
                      <dt>{i18n._("widget.payment.deposit")}</dt>
                      <dd>{money(preview.depositMinor)}</dd>
                    </>
                  ) : null}
                </dl>
                <p className="muted">{i18n._("widget.payment.notOnline")}</p>
              </section>
            ) : null}
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
