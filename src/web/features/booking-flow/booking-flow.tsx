import { useLingui } from "@lingui/react";
import { lazy, Suspense, useEffect } from "react";
import { languageTag, type LocaleCode } from "../../../i18n/locales.ts";
import type { BookingPageData } from "./booking-page.server.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { DateTimeStep } from "./date-time-step.tsx";
import { NoticeBanner } from "./notice-banner.tsx";
import { LocaleLink } from "../../components/locale.tsx";
import { ServicesStep } from "./services-step.tsx";
import { useBookingFlow } from "./use-booking-flow.ts";
import type { Step } from "./flow-reducer.ts";

// Only a booking that asks for money loads the payment step's code.
const PaymentStep = lazy(() => import("./payment-step.tsx"));
// The details form is never the first screen: it loads after the page is interactive (prefetched
// below), so the booking page's first JavaScript stays within its budget (ADR 0004).
const loadDetailsStep = () => import("./details-step.tsx");
const DetailsStep = lazy(() => loadDetailsStep().then((module) => ({ default: module.DetailsStep })));

const STEP_TITLES: Record<Step, string> = {
  services: "widget.step.services",
  datetime: "widget.step.datetime",
  details: "widget.step.details",
  payment: "widget.step.payment",
};

/**
 * The booking flow of one calendar: (services) → date and time (with staff) → your information →
 * the confirmation page. Reschedule mode shows only the date step for a booking opened with its
 * manage token. State and effects live in useBookingFlow; this only renders.
 */
export function BookingFlow({ data }: { data: BookingPageData }) {
  const { i18n } = useLingui();
  const tag = languageTag(i18n.locale as LocaleCode);
  const { state, dispatch, headingRef, actions } = useBookingFlow(data);
  const { config } = data;
  // With the step, the later screens' messages (in its chunk's code, not this page's first JavaScript).
  useEffect(
    () =>
      void loadDetailsStep().then(
        (step) => step.prefetchLaterMessages(i18n),
        () => undefined,
      ),
    [i18n],
  );
  // A booking made on the details step opens its confirmation: have that screen's code ready.
  useEffect(() => {
    if (state.step === "details") void import("./booking-result.tsx").catch(() => undefined);
  }, [state.step]);

  const stepIndex = state.steps.indexOf(state.step);
  const stepTitle = state.step === "datetime" && data.isReschedule ? "widget.step.reschedule" : STEP_TITLES[state.step];
  // Leaving the payment step releases the unpaid booking; other steps simply go back.
  const back = () =>
    state.step === "payment"
      ? void actions.releasePayment(null)
      : dispatch({ type: "goTo", step: state.steps[stepIndex - 1]! });

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
                <span className="steps__name">{i18n._(STEP_TITLES[step])}</span>
              </li>
            ))}
          </ol>
        ) : null}
        <div className="step-head">
          {stepIndex > 0 ? (
            <button type="button" className="link-button" onClick={back}>
              <span aria-hidden="true">←</span> {i18n._("widget.back")}
            </button>
          ) : data.backTo ? (
            // Chosen on a page of calendars: the way back to it (an embed has no browser back button).
            <LocaleLink className="link-button" to={data.backTo}>
              <span aria-hidden="true">←</span> {i18n._("widget.back")}
            </LocaleLink>
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
            onContinue={actions.continueFromServices}
          />
        ) : null}
        {state.step === "datetime" ? (
          <DateTimeStep
            data={data}
            state={state}
            languageTag={tag}
            onMonth={actions.changeMonth}
            onDate={(date) => dispatch({ type: "dateSelected", date })}
            onSlot={(slot) => void actions.chooseSlot(slot)}
            onLoadMore={() => dispatch({ type: "loadMore" })}
            onFindNext={() => void actions.findNext()}
            onTimezone={actions.setTimezone}
            onStaff={actions.setStaff}
            onConfirmReschedule={() => void actions.confirmReschedule()}
          />
        ) : null}
        {state.step === "details" ? (
          <Suspense fallback={<p className="muted">{i18n._("widget.loading")}</p>}>
            <DetailsStep
              data={data}
              state={state}
              languageTag={tag}
              dispatch={dispatch}
              onSubmit={(errors, honeypot) => void actions.submit(errors, honeypot)}
              onHoldAgain={() => state.selectedSlot && void actions.chooseSlot(state.selectedSlot)}
            />
          </Suspense>
        ) : null}
        {state.step === "payment" && state.payment ? (
          <Suspense fallback={<p className="muted">{i18n._("widget.loading")}</p>}>
            <PaymentStep
              payment={state.payment}
              languageTag={tag}
              holdsOnly={!config.autoConfirm}
              businessName={config.business.name}
              onPaid={actions.paymentSucceeded}
              onRelease={(code) => void actions.releasePayment(code)}
            />
          </Suspense>
        ) : null}
      </section>
    </div>
  );
}
