import { useLingui } from "@lingui/react";
import type { BookingPageData } from "./booking-page.server.ts";
import { formatDateTime, formatDuration, formatMoney } from "./dates.ts";
import { currentQuote, currentSeries, type FlowState } from "./flow-reducer.ts";
import { Icon } from "./icon.tsx";
import { lineOf, partNames, staffOf } from "./offers.ts";
import { quote } from "./pricing.ts";
import { useBusinessLang } from "../../components/locale.tsx";

/** The calendar and what has been chosen so far; the page's h1 is the calendar's name. */
export function BookingSummary({
  data,
  state,
  languageTag,
}: {
  data: BookingPageData;
  state: FlowState;
  languageTag: string;
}) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  const { config } = data;
  // A coupon applied on the details step: the server's discounted total.
  const quoted = currentQuote(state);
  // Under "any available", once held: the assigned member's length and price (ADR 0051).
  const staffFor = staffOf(state);
  // Repeating: the series' price, with or without a coupon (the repeat chooser's answer, `seriesPrice`
  // on the server); none while it is being asked, never one appointment's in its place.
  const series = currentSeries(state);
  const price = state.details.repeat
    ? series && { totalCents: series.totalMinor, depositCents: series.depositMinor, count: series.count }
    : quoted
      ? { totalCents: quoted.totalMinor, depositCents: quoted.depositMinor, count: 0 }
      : { ...quote(config, state.carts, state.details, state.offers, staffFor), count: 0 };
  const money = (minor: number) => formatMoney(minor, config.currency, languageTag);
  const line = (id: string, g: number) => {
    const svc = config.services.find((s) => s.id === id);
    return svc ? lineOf(svc, state.offers, staffFor(g, id), g) : null;
  };
  // Each item as it will be booked: "Haircut — Long", "Deep conditioning" (offers.ts).
  const names = (cart: string[], g: number) => cart.flatMap((id) => partNames(line(id, g) ?? { parts: [] }));
  const services = names(state.carts[0] ?? [], 0);
  // Several attendees: one line per person ("You: …", "Guest 1: …").
  const perGuest = config.type === "service" && state.carts.length > 1 && state.carts.some((c) => c.length > 0);
  const who = (i: number) => (i === 0 ? i18n._("widget.services.you") : i18n._("widget.guests.guest", { number: i }));
  const staff = config.staff.find((s) => s.id === state.staffId);
  // Every cart starts at the chosen time: the longest one is how long the visit takes.
  const cartMinutes = (cart: string[], g: number) =>
    cart.reduce((sum, id) => sum + (line(id, g)?.durationMinutes ?? 0), 0);
  const longest = Math.max(0, ...state.carts.map(cartMinutes));
  // A service calendar takes as long as what was chosen: nothing to say before a service is.
  const duration = config.type === "service" ? longest : config.durationMinutes;
  // The details step opens with the time and its Change link: in one column (styles.css), said there only.
  const whenEchoed = state.step === "details" ? "is-echoed" : undefined;
  // A service's or member's own location is shown by the details step (ADR 0044).
  const where = config.hasOwnLocations ? null : config.location;
  return (
    <aside className="booking-summary" aria-labelledby="calendar-title">
      <p className="booking-summary__business">{config.business.name}</p>
      <h1 id="calendar-title" lang={businessLang}>
        {config.name}
      </h1>
      {data.oneTimeSlug ? <p className="badge">{i18n._("otl.title")}</p> : null}
      <ul className="facts">
        {duration > 0 ? (
          <li>
            <Icon d="M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z" />
            <span className="visually-hidden">{i18n._("widget.summary.duration")}: </span>
            {formatDuration(duration, languageTag)}
          </li>
        ) : null}
        {where?.value ? (
          <li>
            <Icon d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />
            <span className="visually-hidden">{i18n._("widget.summary.location")}: </span>
            {where.value}
          </li>
        ) : null}
        {config.seatsPerSlot ? (
          <li>
            <Icon d="M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" />
            {i18n._("widget.summary.seats", { count: config.seatsPerSlot })}
          </li>
        ) : null}
        {price && price.totalCents > 0 ? (
          <li className="summary-price">
            <Icon d="M4 7h16v10H4zM4 10h16" />
            {/* "Total for 4 appointments" once repeating (that screen has loaded the later messages). */}
            <span>
              <span className={price.count ? undefined : "visually-hidden"}>
                {price.count
                  ? i18n._("recurring.repeat.total", { count: price.count })
                  : i18n._("widget.summary.price")}
                :{" "}
              </span>
              {/* An amount never breaks inside; the line breaks between the price and the deposit. */}
              <span className="nowrap">{money(price.totalCents)}</span>
              {price.depositCents > 0 ? (
                <>
                  {" · "}
                  {i18n._("widget.summary.deposit")}: <span className="nowrap">{money(price.depositCents)}</span>
                </>
              ) : null}
            </span>
          </li>
        ) : null}
      </ul>
      {config.description ? (
        <p className="booking-summary__description" lang={businessLang}>
          {config.description}
        </p>
      ) : null}
      {data.isReschedule && data.managed ? (
        <p className="booking-summary__former">
          {i18n._("widget.reschedule.former")}{" "}
          <s>{formatDateTime(data.managed.booking.startTime, state.timezone, languageTag)}</s>
        </p>
      ) : null}
      {state.selectedSlot || services.length > 0 || perGuest || staff ? (
        <dl className="selection">
          {perGuest ? (
            <>
              <dt>{i18n._("widget.summary.services")}</dt>
              <dd>
                <ul className="selection__carts">
                  {state.carts.map((cart, i) => (
                    <li key={i}>
                      <span className="cart__who">{who(i)}:</span>{" "}
                      {cart.length ? (
                        <span lang={businessLang}>{names(cart, i).join(", ")}</span>
                      ) : (
                        i18n._("widget.cart.nothing")
                      )}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : services.length > 0 ? (
            <>
              <dt>{i18n._("widget.summary.services")}</dt>
              <dd lang={businessLang}>{services.join(", ")}</dd>
            </>
          ) : null}
          {staff ? (
            <>
              <dt>{i18n._("widget.summary.staff")}</dt>
              <dd>{staff.name}</dd>
            </>
          ) : null}
          {state.selectedSlot ? (
            <>
              <dt className={whenEchoed}>{i18n._("widget.summary.when")}</dt>
              <dd className={whenEchoed}>
                <time dateTime={state.selectedSlot}>
                  {formatDateTime(state.selectedSlot, state.timezone, languageTag)}
                </time>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </aside>
  );
}
