import { useLingui } from "@lingui/react";
import {
  LOCATION_KINDS,
  locationProblem,
  type LocationKind,
  type MeetingLocation,
} from "../../../core/calendar/location.ts";
import { ChoiceField } from "./choice-field.tsx";
import { TextField } from "./text-field.tsx";

/** What each kind's refusal says (the address missing, a phone or video link not valid; ask: choose one). */
export const LOCATION_MESSAGES: Readonly<Record<LocationKind, string>> = {
  physical: "console.services.offers.addressRequired",
  phone: "console.services.offers.phoneInvalid",
  video: "console.services.offers.videoInvalid",
  ask_booker: "console.services.offers.locationInvalid",
};

/** The API's location for the field as typed ("": none of its own), and the message key of what is wrong with it. */
export function locationOfDraft(
  kind: LocationKind | "",
  value: string,
): { readonly location: MeetingLocation | null; readonly problem: string | undefined } {
  if (kind === "") return { location: null, problem: undefined };
  const location = { kind, value: kind === "ask_booker" ? "" : value.trim() };
  return { location, problem: locationProblem(location) ? LOCATION_MESSAGES[kind] : undefined };
}

interface Props {
  /** The API path of the location (`location`); its text is at `${path}.value`. */
  readonly path: string;
  readonly kind: LocationKind | "";
  readonly value: string;
  /** What "" stands for: where the location comes from when this one has none (the calendar's). */
  readonly noneLabel: string;
  readonly error: string | undefined;
  onChange(kind: LocationKind | "", value: string): void;
}

/**
 * Where an appointment takes place (ADR 0044): none of its own, an address, a phone number, an
 * https video link, or "ask the visitor" (nothing to type here). The text typed is kept when the
 * kind changes, so switching back and forth loses nothing.
 */
export function LocationField({ path, kind, value, noneLabel, error, onChange }: Props) {
  const { i18n } = useLingui();
  const t = (key: string) => i18n._(`console.location.${key}`);
  return (
    <div className="console-form-grid">
      <ChoiceField
        path={`${path}.kind`}
        name={`${path}Kind`}
        label={t("kind")}
        hint={kind === "ask_booker" ? t("askHint") : undefined}
        error={kind === "ask_booker" ? error : undefined}
        value={kind}
        onChange={(next) => onChange(next as LocationKind | "", value)}
        options={[
          { value: "", label: noneLabel },
          ...LOCATION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
        ]}
      />
      {kind === "" || kind === "ask_booker" ? null : (
        <TextField
          path={`${path}.value`}
          name={`${path}Value`}
          label={t(`value.${kind}`)}
          hint={t(`hint.${kind}`)}
          error={error}
          value={value}
          onChange={(next) => onChange(kind, next)}
          input={{
            maxLength: 500,
            inputMode: kind === "phone" ? "tel" : kind === "video" ? "url" : "text",
            ...(kind === "physical" ? {} : { spellCheck: false, autoCapitalize: "none" }),
          }}
        />
      )}
    </div>
  );
}
