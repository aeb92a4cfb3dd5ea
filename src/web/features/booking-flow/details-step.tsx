import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { paymentDue } from "../../../core/payments/payment-plan.ts";
import { lazy, Suspense, type Dispatch } from "react";
import { checkAttachedAnswers } from "../../../core/forms/attached-form.ts";
import type { FormDefinition } from "../../../core/forms/definition.ts";
import { FORM_CODE } from "./booking-request.ts";
import type { BookingPageData } from "./booking-page.server.ts";
import { formatDateTime, formatMoney } from "./dates.ts";
import type { DetailsValues, FlowEvent, FlowState } from "./flow-reducer.ts";
import { ChangePolicy } from "./change-policy.tsx";
import { staffOf } from "./offers.ts";
import { Field } from "../../components/form-field.tsx";
import { useBusinessLang } from "../../components/locale.tsx";
import { GuestList } from "./guest-list.tsx";
import { HoldTimer } from "./hold-timer.tsx";
import { quote } from "./pricing.ts";
import { CouponField } from "./coupon-field.tsx";
import { useLaterMessages } from "./use-later-messages.ts";
import { validateDetails } from "./details-validation.ts";
import { TRAP_FIELD, TrapField } from "../../components/trap-field.tsx";
import { laterMessagesFor } from "../../../i18n/later-runtime.ts";
import { currentQuote, seriesKey } from "./flow-reducer.ts";
import { asksBooker, possibleLocations } from "../../../core/calendar/location.ts";

/** Issue 17: only calendars that allow repetition load the chooser (and its messages). */
const RepeatChooser = lazy(() => import("./repeat-chooser.tsx"));
/**
 * The attached form's fields checked in the browser by the form engine, as the server checks them
 * again: the flow's errors, each the form engine's code (the form's fields name its message).
 */
function attachedFormErrors(definition: FormDefinition, answers: DetailsValues["answers"]): Record<string, string> {
  return Object.fromEntries(
    checkAttachedAnswers(definition, answers).errors.map((e) => [`answers.${e.field}`, `${FORM_CODE}${e.code}`]),
  );
}

/** Only calendars with an attached form load its fields (issue 15). */
const AttachedFormFields = lazy(() => import("./attached-form-fields.tsx"));

interface Props {
  data: BookingPageData;
  state: FlowState;
  languageTag: string;
  dispatch: Dispatch<FlowEvent>;
  /** `formErrors`: the attached form's refusals by path (`answers.<field id>`), none without a form. */
  /** `errors`: the fields' checks (empty when all is well), made here, where their code lives. */
  onSubmit(errors: Record<string, string>, honeypot: HTMLInputElement | null): void;
  /** The held time ran out: ask for it again (it may still be free). */
  onHoldAgain(): void;
}

/** Starts loading the later screens' messages (booking-flow.tsx prefetches this step after the first paint). */
export const prefetchLaterMessages = (i18n: I18n) => void laterMessagesFor(i18n)?.catch(() => undefined);

export function DetailsStep({ data, state, languageTag, dispatch, onSubmit, onHoldAgain }: Props) {
  // The coupon, the change policy and the payment's texts are in the later screens' catalogue.
  useLaterMessages();
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  const { config } = data;
  const d = state.details;
  const set = (patch: Partial<DetailsValues>) => dispatch({ type: "detailsChanged", patch });
  const err = (path: string) => (state.errors[path] ? i18n._(state.errors[path]!, state.errorValues[path]) : undefined);
  const local = quote(config, state.carts, d, state.offers, staffOf(state));
  // The server's price once a coupon is applied (the booking's own reckoning), else the same rule here.
  const quoted = currentQuote(state);
  const price = quoted ? { totalCents: quoted.totalMinor, depositCents: quoted.depositMinor } : local;
  const isRequest = !config.autoConfirm;
  // What the server will ask to be paid before confirming (the same rule: core/payments/payment-plan.ts).
  const paysNow = quoted ? (quoted.payment?.kind ?? null) : (paymentDue(config.payment, price)?.kind ?? null);
  const money = (minor: number) => formatMoney(minor, config.currency, languageTag);
  const guestsFixed = config.type === "service";
  // Where it takes place may hang on who is assigned ("any available", ADR 0044).
  const places = possibleLocations(config, state.carts[0] ?? [], state.staffId);
  const asksLocation = asksBooker(places);
  // Shown here only where a service or member has their own (else the summary shows the calendar's).
  // Every possible outcome must have an address or link to show (not "none" or the visitor's own).
  const shownPlaces = config.hasOwnLocations && places.every((p) => p?.value) ? places.map((p) => p!.value!) : [];
  const text = (
    path: keyof DetailsValues,
    label: string,
    type: string,
    options: { isRequired?: boolean; autoComplete?: string; hint?: string } = {},
  ) => (
    <Field
      path={path}
      label={label}
      error={err(path)}
      isRequired={options.isRequired ?? false}
      {...(options.hint ? { hint: options.hint } : {})}
    >
      {(props) => (
        <input
          {...props}
          type={type}
          name={path}
          autoComplete={options.autoComplete}
          value={d[path] as string}
          onChange={(e) => set({ [path]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <form
      className="details"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const trap = e.currentTarget.elements.namedItem(TRAP_FIELD);
        onSubmit(
          {
            ...validateDetails(config, d, data.today, asksLocation).errors,
            ...(config.form ? attachedFormErrors(config.form.definition, d.answers) : {}),
          },
          trap instanceof HTMLInputElement ? trap : null,
        );
      }}
    >
      {state.selectedSlot ? (
        <div className="chosen-slot">
          <p>
            <span className="chosen-slot__label">{i18n._("widget.details.chosen")}</span>{" "}
            {formatDateTime(state.selectedSlot, state.timezone, languageTag)}
          </p>
          <button type="button" className="link-button" onClick={() => dispatch({ type: "goTo", step: "datetime" })}>
            {i18n._("widget.details.change")}
          </button>
        </div>
      ) : null}
      <HoldTimer
        calendarId={data.config.id}
        hold={state.hold}
        submitting={state.submitting}
        onHoldAgain={onHoldAgain}
      />
      {shownPlaces.length > 0 ? (
        <p className="chosen-place">
          <span className="chosen-slot__label">{i18n._("widget.summary.location")}:</span>{" "}
          {/* Before a member is assigned it may be one of several: "Main salon or Altona". */}
          {new Intl.ListFormat(languageTag, { type: "disjunction" }).format(shownPlaces)}
        </p>
      ) : null}
      {state.selectedSlot && !data.isReschedule ? (
        <ChangePolicy
          config={config}
          slot={state.selectedSlot}
          timezone={state.timezone}
          languageTag={languageTag}
          kept={paysNow === "deposit" ? "deposit" : paysNow === "full" && price.depositCents > 0 ? "part" : null}
        />
      ) : null}
      {config.recurring && !data.isReschedule ? (
        <Suspense>
          {/* The series' price goes to the summary too, for the choices of `pricedKey`. */}
          <RepeatChooser {...{ data, state, languageTag, dispatch }} applied={quoted} pricedKey={seriesKey(state)} />
        </Suspense>
      ) : null}
      <fieldset className="form-section">
        <legend>{i18n._("widget.details.you")}</legend>
        <div className="form-row">
          {text("firstName", i18n._("widget.form.firstName"), "text", { isRequired: true, autoComplete: "given-name" })}
          {text("lastName", i18n._("widget.form.lastName"), "text", { isRequired: true, autoComplete: "family-name" })}
        </div>
        {text("email", i18n._("widget.form.email"), "email", { isRequired: true, autoComplete: "email" })}
        {text("phone", i18n._("widget.form.phone"), "tel", {
          autoComplete: "tel",
          ...(isRequest ? { hint: i18n._("widget.form.phoneHint") } : {}),
        })}
        {text("dateOfBirth", i18n._("widget.form.dateOfBirth"), "date", { autoComplete: "bday" })}
        {asksLocation
          ? text("location", i18n._("widget.form.location"), "text", {
              isRequired: true,
              autoComplete: "street-address",
            })
          : null}
      </fieldset>

      {config.guestMode === "count_only" && !guestsFixed ? (
        <fieldset className="form-section">
          <legend>{i18n._("widget.guests.title")}</legend>
          <Field
            path="guestCount"
            label={i18n._("widget.guests.count")}
            error={err("guestCount")}
            hint={i18n._("widget.guests.countHint")}
          >
            {(props) => (
              <input
                {...props}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                name="guestCount"
                value={d.guestCount}
                onChange={(e) => set({ guestCount: e.target.value })}
              />
            )}
          </Field>
        </fieldset>
      ) : null}

      {config.guestMode === "collect_detail" ? (
        <GuestList guests={d.guests} isFixed={guestsFixed} error={err} onChange={(guests) => set({ guests })} />
      ) : null}

      {config.form ? (
        <Suspense fallback={null}>
          <AttachedFormFields
            definition={config.form.definition}
            answers={d.answers}
            errorKey={(path) => state.errors[path]}
            onChange={(answers) => set({ answers })}
          />
        </Suspense>
      ) : null}

      {config.questions.length > 0 ? (
        <fieldset className="form-section">
          <legend>{i18n._("widget.details.questions")}</legend>
          {config.questions.map((q) => {
            const path = `answers.${q.id}`;
            const value = d.answers[q.id];
            const setAnswer = (v: string | string[]) => set({ answers: { ...d.answers, [q.id]: v } });
            if (q.kind === "checkbox") {
              const list = Array.isArray(value) ? value : [];
              const options = q.options?.length ? q.options : [q.label];
              const errorText = err(path);
              const id = `field-${path.replace(/\./g, "-")}`;
              return (
                <fieldset
                  key={q.id}
                  className={`field field--group${errorText ? " field--invalid" : ""}`}
                  aria-describedby={errorText ? `${id}-error` : undefined}
                >
                  <legend>
                    <span lang={businessLang}>{q.label}</span>
                    {q.required ? <span className="field__required"> {i18n._("widget.form.requiredMark")}</span> : null}
                  </legend>
                  {options.map((option, i) => (
                    <label key={option} className="check">
                      <input
                        type="checkbox"
                        id={i === 0 ? id : undefined}
                        checked={list.includes(option)}
                        aria-invalid={Boolean(errorText)}
                        onChange={(e) =>
                          setAnswer(e.target.checked ? [...list, option] : list.filter((o) => o !== option))
                        }
                      />
                      <span lang={businessLang}>{option}</span>
                    </label>
                  ))}
                  {errorText ? (
                    <p id={`${id}-error`} className="field__error">
                      {errorText}
                    </p>
                  ) : null}
                </fieldset>
              );
            }
            return (
              <Field
                key={q.id}
                path={path}
                label={q.label}
                labelLang={businessLang}
                error={err(path)}
                isRequired={q.required}
              >
                {(props) =>
                  q.kind === "textarea" ? (
                    <textarea
                      {...props}
                      rows={3}
                      value={typeof value === "string" ? value : ""}
                      onChange={(e) => setAnswer(e.target.value)}
                    />
                  ) : q.kind === "select" ? (
                    <select
                      {...props}
                      value={typeof value === "string" ? value : ""}
                      onChange={(e) => setAnswer(e.target.value)}
                    >
                      <option value="">{i18n._("widget.form.choose")}</option>
                      {(q.options ?? []).map((o) => (
                        <option key={o} value={o} lang={businessLang}>
                          {o}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      {...props}
                      type="text"
                      value={typeof value === "string" ? value : ""}
                      onChange={(e) => setAnswer(e.target.value)}
                    />
                  )
                }
              </Field>
            );
          })}
        </fieldset>
      ) : null}

      <fieldset className="form-section">
        <legend className="visually-hidden">{i18n._("widget.form.notes")}</legend>
        <Field path="notes" label={i18n._("widget.form.notes")} error={err("notes")}>
          {(props) => (
            <textarea
              {...props}
              name="notes"
              rows={3}
              value={d.notes}
              onChange={(e) => set({ notes: e.target.value })}
            />
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            id="field-consent"
            checked={d.consent}
            onChange={(e) => set({ consent: e.target.checked })}
          />
          {i18n._("widget.form.consent", { business: config.business.name })}
        </label>
      </fieldset>

      {/* A series takes the coupon too: the chooser's total shows it off every occurrence (ADR 0051). */}
      {local.totalCents > 0 ? (
        <CouponField
          data={data}
          state={state}
          locale={languageTag}
          languageTag={languageTag}
          submitError={err("couponCode")}
          dispatch={dispatch}
        />
      ) : null}

      {/* Repeating: the chooser shows the series' total instead (repeat-chooser.tsx). */}
      {local.totalCents > 0 && !d.repeat ? (
        <section className="payment" aria-labelledby="payment-title">
          <h3 id="payment-title">{i18n._("widget.payment.title")}</h3>
          <dl>
            {quoted && quoted.discountMinor > 0 ? (
              <>
                <dt>{i18n._("widget.payment.subtotal")}</dt>
                <dd>{money(quoted.subtotalMinor)}</dd>
                <dt>{i18n._("widget.payment.discount", { code: quoted.couponCode ?? "" })}</dt>
                <dd className="payment__discount">−{money(quoted.discountMinor)}</dd>
              </>
            ) : null}
            <dt>{i18n._("widget.payment.total")}</dt>
            <dd>{money(price.totalCents)}</dd>
            {price.depositCents > 0 ? (
              <>
                <dt>{i18n._("widget.payment.deposit")}</dt>
                <dd>{money(price.depositCents)}</dd>
              </>
            ) : null}
          </dl>
          <p className="muted">
            {i18n._(
              paysNow === "deposit"
                ? "widget.payment.onlineDeposit"
                : paysNow === "full"
                  ? "widget.payment.onlineFull"
                  : "widget.payment.notOnline",
            )}
          </p>
        </section>
      ) : null}

      {/* Bot protection (ADR 0055): a filled trap books nothing. */}
      <TrapField />
      <button
        type="submit"
        className="button button--block button--large"
        disabled={state.submitting}
        aria-disabled={state.submitting}
      >
        {state.submitting && state.checking
          ? i18n._("widget.details.checking")
          : state.submitting
            ? i18n._("widget.details.submitting")
            : paysNow
              ? i18n._("widget.details.continueToPayment")
              : isRequest
                ? i18n._("widget.details.request")
                : i18n._("widget.details.confirm")}
      </button>
    </form>
  );
}
