import { useLingui } from "@lingui/react";
import type { GuestEntry } from "./flow-reducer.ts";
import { Field } from "../../components/form-field.tsx";

interface Props {
  guests: GuestEntry[];
  /** Service calendars take their guests from the services step: none added or removed here. */
  isFixed: boolean;
  error(path: string): string | undefined;
  onChange(guests: GuestEntry[]): void;
}

const GUEST_FIELDS = [
  { key: "name", type: "text", label: "widget.guests.name" },
  { key: "email", type: "email", label: "widget.guests.email" },
] as const;

/** The details step's guests, each with a name and an email (the calendar's "collect_detail" mode). */
export function GuestList({ guests, isFixed, error, onChange }: Props) {
  const { i18n } = useLingui();
  return (
    <fieldset className="form-section">
      <legend>{i18n._("widget.guests.title")}</legend>
      {guests.length === 0 ? <p className="muted">{i18n._("widget.guests.none")}</p> : null}
      {error("guestCount") ? <p className="field__error">{error("guestCount")}</p> : null}
      {guests.map((guest, i) => (
        <div key={i} className="guest">
          <p className="guest__title">{i18n._("widget.guests.guest", { number: i + 1 })}</p>
          <div className="form-row">
            {GUEST_FIELDS.map(({ key, type, label }) => (
              <Field
                key={key}
                path={`guests.${i}.${key}`}
                label={i18n._(label, { number: i + 1 })}
                error={error(`guests.${i}.${key}`)}
                isRequired
              >
                {(props) => (
                  <input
                    {...props}
                    type={type}
                    autoComplete="off"
                    value={guest[key]}
                    onChange={(e) => onChange(guests.map((g, j) => (j === i ? { ...g, [key]: e.target.value } : g)))}
                  />
                )}
              </Field>
            ))}
          </div>
          {isFixed ? null : (
            <button type="button" className="link-button" onClick={() => onChange(guests.filter((_, j) => j !== i))}>
              {i18n._("widget.guests.remove", { number: i + 1 })}
            </button>
          )}
        </div>
      ))}
      {isFixed || guests.length >= 100 ? null : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange([...guests, { name: "", email: "" }])}
        >
          {i18n._("widget.guests.add")}
        </button>
      )}
    </fieldset>
  );
}
