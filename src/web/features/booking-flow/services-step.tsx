import { useLingui } from "@lingui/react";
import { lazy, Suspense, useState, type Dispatch } from "react";
import type { WidgetConfig } from "./api-client.ts";
import { formatDuration, formatMoney } from "./dates.ts";
import type { FlowEvent, FlowState } from "./flow-reducer.ts";
import { hasOptions, lineOf, partNames, pickOf } from "./offers.ts";
import { quote } from "./pricing.ts";
import { newGuestCart } from "./validation.ts";
import { useBusinessLang } from "../../components/locale.tsx";

// Variations and add-ons: their own chunk, loaded only where a service has any.
const ServiceOptions = lazy(() => import("./service-options.tsx"));
const OfferCartLines = lazy(() => import("./service-options.tsx").then((m) => ({ default: m.OfferCartLines })));

interface Props {
  config: WidgetConfig;
  state: FlowState;
  languageTag: string;
  dispatch: Dispatch<FlowEvent>;
  onContinue(): void;
}

const MAX_ATTENDEES = 101;

/** Services per attendee ("You", "Guest 1", …), a cart with its item count and total. */
export function ServicesStep({ config, state, languageTag, dispatch, onContinue }: Props) {
  const { i18n } = useLingui();
  const lang = useBusinessLang();
  const { carts, activeCart } = state;
  const cart = carts[activeCart] ?? [];
  const categories = [...new Set(config.services.map((s) => s.category))];
  const who = (i: number) => (i === 0 ? i18n._("widget.services.you") : i18n._("widget.guests.guest", { number: i }));
  /** The guest just added with the booker's services (said once, until their services change). */
  const [copiedFor, setCopiedFor] = useState<number | null>(null);
  const setCart = (ids: string[]) => {
    setCopiedFor(null);
    dispatch({ type: "cartsChanged", carts: carts.map((c, i) => (i === activeCart ? ids : c)) });
  };
  const items = carts.reduce((n, c) => n + c.length, 0);
  // The server's rule, variations and add-ons included (pricing.ts, offers.ts).
  const total = quote(config, carts, state.details, state.offers, state.staffId).totalCents;
  const lineOfId = (id: string, g = activeCart) => {
    const svc = config.services.find((x) => x.id === id);
    return svc ? lineOf(svc, state.offers, state.staffId, g) : null;
  };
  const withOptions = config.services.some(hasOptions);
  const allowGuests = config.guestMode !== "none";
  const err = (path: string) => (state.errors[path] ? i18n._(state.errors[path]!, state.errorValues[path]) : null);
  return (
    <div className="services">
      {allowGuests ? (
        <div className="attendees">
          <div className="attendees__tabs" role="group" aria-label={i18n._("widget.services.attendees")}>
            {carts.map((c, i) => (
              <button
                key={i}
                type="button"
                className={`chip${i === activeCart ? " chip--active" : ""}`}
                aria-pressed={i === activeCart}
                onClick={() => dispatch({ type: "cartsChanged", carts, activeCart: i })}
              >
                {who(i)}
                <span className="chip__count">{i18n._("widget.services.count", { count: c.length })}</span>
              </button>
            ))}
            {carts.length < MAX_ATTENDEES ? (
              <button
                type="button"
                className="chip chip--add"
                onClick={() => {
                  const copied = newGuestCart(carts, config.services);
                  setCopiedFor(copied.length > 0 ? carts.length : null);
                  dispatch({ type: "cartsChanged", carts: [...carts, copied], activeCart: carts.length });
                }}
              >
                + {i18n._("widget.services.addGuest")}
              </button>
            ) : null}
          </div>
          {activeCart > 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() =>
                dispatch({
                  type: "cartsChanged",
                  carts: carts.filter((_, i) => i !== activeCart),
                  activeCart: activeCart - 1,
                  removedGuest: activeCart,
                })
              }
            >
              {i18n._("widget.guests.remove", { number: activeCart })}
            </button>
          ) : null}
        </div>
      ) : null}
      <h3 className="services__for">{i18n._("widget.services.for", { who: who(activeCart) })}</h3>
      {allowGuests ? (
        // A new guest starts with the booker's services: said, not done silently (walk-through finding).
        <p className="services__note" role="status">
          {copiedFor !== null && copiedFor === activeCart
            ? i18n._("widget.services.copied", { who: who(activeCart) })
            : null}
        </p>
      ) : null}
      {categories.map((category) => (
        <section key={category} className="service-group" aria-label={category}>
          {categories.length > 1 ? (
            <h4 className="service-group__title" lang={lang}>
              {category}
            </h4>
          ) : null}
          <ul className="service-list">
            {config.services
              .filter((s) => s.category === category)
              .map((service) => {
                const isChosen = cart.includes(service.id);
                const limit = err(`service.${service.id}`);
                const showOptions = isChosen && hasOptions(service);
                // With variations the price and length depend on the pick: "from" the cheapest.
                const from = service.variations.length > 0;
                return (
                  <li
                    key={service.id}
                    className={`service${isChosen ? " service--chosen" : ""}${showOptions ? " service--with-options" : ""}`}
                  >
                    <div className="service__text">
                      <span className="service__name" lang={lang}>
                        {service.name}
                      </span>
                      <span className="service__meta">
                        {from
                          ? i18n._("widget.options.from", {
                              price: formatMoney(
                                Math.min(...service.variations.map((v) => v.priceMinor)),
                                config.currency,
                                languageTag,
                              ),
                            })
                          : `${formatDuration(service.durationMinutes, languageTag)} · ${formatMoney(service.priceCents, config.currency, languageTag)}`}
                      </span>
                      {service.description ? (
                        <span className="service__description" lang={lang}>
                          {service.description}
                        </span>
                      ) : null}
                      {limit ? (
                        <span className="field__error" id={`limit-${service.id}`}>
                          {limit}
                        </span>
                      ) : null}
                    </div>
                    <button
                      type="button"
                      className={`button ${isChosen ? "button--chosen" : "button--secondary"}`}
                      aria-pressed={isChosen}
                      aria-describedby={limit ? `limit-${service.id}` : undefined}
                      aria-label={i18n._(isChosen ? "widget.services.removeService" : "widget.services.addService", {
                        name: service.name,
                        who: who(activeCart),
                      })}
                      onClick={() => setCart(isChosen ? cart.filter((id) => id !== service.id) : [...cart, service.id])}
                    >
                      {isChosen ? i18n._("widget.services.added") : i18n._("widget.services.add")}
                    </button>
                    {showOptions ? (
                      <Suspense fallback={null}>
                        <ServiceOptions
                          service={service}
                          pick={pickOf(state.offers, service.id, activeCart)}
                          currency={config.currency}
                          languageTag={languageTag}
                          error={err(`offers.${service.id}`)}
                          // A guest's change is their own; the visitor's is everyone's who has none (ADR 0051).
                          onChange={(pick) =>
                            dispatch({
                              type: "offersChanged",
                              serviceId: activeCart ? `${service.id}@${activeCart}` : service.id,
                              pick,
                            })
                          }
                        />
                      </Suspense>
                    ) : null}
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
      <div className="cart" aria-live="polite">
        <p className="cart__line">
          <span>{i18n._("widget.cart.items", { count: items })}</span>
          <strong>{formatMoney(total, config.currency, languageTag)}</strong>
        </p>
        {carts.length > 1 || cart.length > 0 ? (
          <ul className="cart__list">
            {carts.map((c, i) => (
              <li key={i}>
                <span className="cart__who">{who(i)}:</span>{" "}
                {c.length
                  ? c.flatMap((id) => partNames(lineOfId(id, i) ?? { parts: [] })).join(", ")
                  : i18n._("widget.cart.nothing")}
              </li>
            ))}
          </ul>
        ) : null}
        {withOptions && carts.length === 1 && cart.length > 0 ? (
          // One attendee with variations or add-ons: each line with its length and price.
          <Suspense fallback={null}>
            <OfferCartLines
              lines={cart.flatMap((id) => {
                const line = lineOfId(id);
                return line ? [{ id, line }] : [];
              })}
              currency={config.currency}
              languageTag={languageTag}
            />
          </Suspense>
        ) : null}
      </div>
      {err("services") ? (
        <p className="field__error" role="alert">
          {err("services")}
        </p>
      ) : null}
      <button type="button" className="button button--block button--large" onClick={onContinue}>
        {i18n._("widget.services.continue")}
      </button>
    </div>
  );
}
