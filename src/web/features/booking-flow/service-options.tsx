/**
 * A chosen service's variations and add-ons (issue 24): a radio group of its variations (one must
 * be picked) and a checkbox per add-on, with a quantity where more than one may be taken. Loaded
 * only for calendars whose services have any (booking-flow's budget, ADR 0004).
 */
import { useLingui } from "@lingui/react";
import type { WidgetConfig } from "./api-client.ts";
import { formatDuration, formatMoney } from "./dates.ts";
import type { lineOf, OfferPick } from "./offers.ts";
import { useBusinessLang } from "../../components/locale.tsx";

interface Props {
  service: WidgetConfig["services"][number];
  pick: OfferPick | undefined;
  currency: string;
  languageTag: string;
  /** The localised message when the variation is still to be picked. */
  error: string | null;
  onChange(pick: OfferPick): void;
}

export default function ServiceOptions({ service, pick, currency, languageTag, error, onChange }: Props) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  const current: OfferPick = pick ?? { variationId: null, addOns: {} };
  const money = (minor: number) => formatMoney(minor, currency, languageTag);
  const errorId = `offers-${service.id}-error`;
  const setQuantity = (addOnId: string, quantity: number) =>
    onChange({ ...current, addOns: { ...current.addOns, [addOnId]: quantity } });
  return (
    <div className="service-options">
      {service.variations.length > 0 ? (
        <fieldset
          className="service-options__group"
          id={`field-offers-${service.id}`}
          aria-describedby={error ? errorId : undefined}
          tabIndex={-1}
        >
          <legend>{i18n._("widget.options.variation", { name: service.name })}</legend>
          {service.variations.map((v) => (
            <label key={v.id} className="check service-options__choice">
              <input
                type="radio"
                name={`variation-${service.id}`}
                value={v.id}
                checked={current.variationId === v.id}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange({ ...current, variationId: v.id })}
              />
              <span className="service-options__label">
                <span lang={businessLang}>{v.name}</span>
                <span className="service__meta">
                  {formatDuration(v.durationMinutes, languageTag)} · {money(v.priceMinor)}
                </span>
              </span>
            </label>
          ))}
          {error ? (
            <p className="field__error" id={errorId}>
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {service.addOns.length > 0 ? (
        <fieldset className="service-options__group">
          <legend>{i18n._("widget.options.extras", { name: service.name })}</legend>
          {service.addOns.map((a) => {
            const quantity = current.addOns[a.id] ?? 0;
            const max = Math.max(1, a.maxQuantity);
            return (
              <div key={a.id} className="service-options__extra">
                <label className="check service-options__choice">
                  <input
                    type="checkbox"
                    checked={quantity > 0}
                    onChange={(e) => setQuantity(a.id, e.currentTarget.checked ? 1 : 0)}
                  />
                  <span className="service-options__label">
                    <span lang={businessLang}>{a.name}</span>
                    <span className="service__meta">
                      +{formatDuration(a.durationMinutes, languageTag)} · +{money(a.priceMinor)}
                      {max > 1 ? ` · ${i18n._("widget.options.upTo", { count: max })}` : ""}
                    </span>
                  </span>
                </label>
                {max > 1 && quantity > 0 ? (
                  <label className="service-options__quantity">
                    <span>{i18n._("widget.options.quantity", { name: a.name })}</span>
                    <select value={quantity} onChange={(e) => setQuantity(a.id, Number(e.currentTarget.value))}>
                      {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}
    </div>
  );
}

/** The cart's lines, each with its length and price ("from" while a variation is still to be picked). */
export function OfferCartLines({
  lines,
  currency,
  languageTag,
}: {
  lines: readonly { id: string; line: ReturnType<typeof lineOf> }[];
  currency: string;
  languageTag: string;
}) {
  const { i18n } = useLingui();
  const businessLang = useBusinessLang();
  const money = (minor: number) => formatMoney(minor, currency, languageTag);
  return (
    <ul className="cart__lines">
      {lines.flatMap(({ id, line }) =>
        line.parts.map((part) => (
          <li key={`${id}-${part.id}`}>
            <span lang={businessLang}>{part.quantity > 1 ? `${part.name} ×${part.quantity}` : part.name}</span>
            <span>
              {line.isUnpicked && part.kind === "service"
                ? i18n._("widget.options.from", { price: money(part.priceMinor) })
                : `${formatDuration(part.durationMinutes, languageTag)} · ${money(part.priceMinor)}`}
            </span>
          </li>
        )),
      )}
    </ul>
  );
}
