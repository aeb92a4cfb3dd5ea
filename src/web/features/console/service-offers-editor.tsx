import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { StaffView } from "../../../app/business/ports.ts";
import { LocationField } from "./location-field.tsx";
import { newAddOn, newVariation, type AddOnDraft, type OffersDraft, type VariationDraft } from "./service-offers.ts";
import { TextField } from "./text-field.tsx";

interface Props {
  readonly draft: OffersDraft;
  onChange(draft: OffersDraft): void;
  /** The message for the API path (`variations.0.priceMinor`), if any. */
  errorAt(path: string): string | undefined;
  /** Who performs the service (chosen above): the staff whose own terms can be set. */
  readonly staff: readonly StaffView[];
  /** Staff id → its index in the `staffTerms` sent, where refusals are reported. */
  readonly termIndex: Readonly<Record<string, number>>;
  readonly currency: string;
}

function Part({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section className="console-offers" aria-labelledby={`offers-${id}`}>
      <h3 id={`offers-${id}`}>{title}</h3>
      <p className="console-muted">{hint}</p>
      {children}
    </section>
  );
}

/**
 * A service's variations, add-ons, staff members' own price and length, and location (issue 24):
 * rows added and removed in place, each field with its own message.
 */
export function ServiceOffersEditor({ draft, onChange, errorAt, staff, termIndex, currency }: Props) {
  const { i18n } = useLingui();
  const t = (key: string, values?: Record<string, unknown>) => i18n._(`console.services.offers.${key}`, values);
  const numeric = { inputMode: "numeric" } as const;
  const decimal = { inputMode: "decimal" } as const;

  const setVariation = (i: number, patch: Partial<VariationDraft>) =>
    onChange({ ...draft, variations: draft.variations.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  const setAddOn = (i: number, patch: Partial<AddOnDraft>) =>
    onChange({ ...draft, addOns: draft.addOns.map((a, j) => (j === i ? { ...a, ...patch } : a)) });

  return (
    <>
      <Part id="variations" title={t("variations")} hint={t("variationsHint")}>
        {draft.variations.map((v, i) => {
          const p = `variations.${i}`;
          const legend = t("variationNumber", { number: i + 1 });
          return (
            <fieldset key={v.key} className="console-offer">
              <legend>{v.name.trim() || legend}</legend>
              <div className="console-form-grid">
                <TextField
                  path={`${p}.name`}
                  name={`${p}.name`}
                  label={i18n._("console.services.name")}
                  error={errorAt(`${p}.name`)}
                  value={v.name}
                  onChange={(name) => setVariation(i, { name })}
                  input={{ maxLength: 200, autoComplete: "off" }}
                />
                <TextField
                  path={`${p}.durationMinutes`}
                  name={`${p}.durationMinutes`}
                  label={i18n._("console.services.duration")}
                  error={errorAt(`${p}.durationMinutes`)}
                  value={v.duration}
                  onChange={(duration) => setVariation(i, { duration })}
                  input={numeric}
                />
                <TextField
                  path={`${p}.priceMinor`}
                  name={`${p}.priceMinor`}
                  label={i18n._("console.services.price", { currency })}
                  isRequired={false}
                  error={errorAt(`${p}.priceMinor`)}
                  value={v.price}
                  onChange={(price) => setVariation(i, { price })}
                  input={decimal}
                />
                <TextField
                  path={`${p}.bufferBeforeMinutes`}
                  name={`${p}.bufferBeforeMinutes`}
                  label={t("bufferBefore")}
                  hint={t("bufferHint")}
                  isRequired={false}
                  error={errorAt(`${p}.bufferBeforeMinutes`)}
                  value={v.bufferBefore}
                  onChange={(bufferBefore) => setVariation(i, { bufferBefore })}
                  input={numeric}
                />
                <TextField
                  path={`${p}.bufferAfterMinutes`}
                  name={`${p}.bufferAfterMinutes`}
                  label={t("bufferAfter")}
                  hint={t("bufferHint")}
                  isRequired={false}
                  error={errorAt(`${p}.bufferAfterMinutes`)}
                  value={v.bufferAfter}
                  onChange={(bufferAfter) => setVariation(i, { bufferAfter })}
                  input={numeric}
                />
              </div>
              <button
                type="button"
                className="console-button console-button--quiet"
                onClick={() => onChange({ ...draft, variations: draft.variations.filter((_, j) => j !== i) })}
              >
                {t("removeVariation", { name: v.name.trim() || legend })}
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="console-button console-button--quiet"
          onClick={() => onChange({ ...draft, variations: [...draft.variations, newVariation()] })}
        >
          {t("addVariation")}
        </button>
      </Part>

      <Part id="add-ons" title={t("addOns")} hint={t("addOnsHint")}>
        {draft.addOns.map((a, i) => {
          const p = `addOns.${i}`;
          const legend = t("addOnNumber", { number: i + 1 });
          return (
            <fieldset key={a.key} className="console-offer">
              <legend>{a.name.trim() || legend}</legend>
              <div className="console-form-grid">
                <TextField
                  path={`${p}.name`}
                  name={`${p}.name`}
                  label={i18n._("console.services.name")}
                  error={errorAt(`${p}.name`)}
                  value={a.name}
                  onChange={(name) => setAddOn(i, { name })}
                  input={{ maxLength: 200, autoComplete: "off" }}
                />
                <TextField
                  path={`${p}.durationMinutes`}
                  name={`${p}.durationMinutes`}
                  label={t("extraMinutes")}
                  error={errorAt(`${p}.durationMinutes`)}
                  value={a.duration}
                  onChange={(duration) => setAddOn(i, { duration })}
                  input={numeric}
                />
                <TextField
                  path={`${p}.priceMinor`}
                  name={`${p}.priceMinor`}
                  label={i18n._("console.services.price", { currency })}
                  isRequired={false}
                  error={errorAt(`${p}.priceMinor`)}
                  value={a.price}
                  onChange={(price) => setAddOn(i, { price })}
                  input={decimal}
                />
                <TextField
                  path={`${p}.maxQuantity`}
                  name={`${p}.maxQuantity`}
                  label={t("maxQuantity")}
                  hint={t("maxQuantityHint")}
                  error={errorAt(`${p}.maxQuantity`)}
                  value={a.maxQuantity}
                  onChange={(maxQuantity) => setAddOn(i, { maxQuantity })}
                  input={numeric}
                />
              </div>
              <button
                type="button"
                className="console-button console-button--quiet"
                onClick={() => onChange({ ...draft, addOns: draft.addOns.filter((_, j) => j !== i) })}
              >
                {t("removeAddOn", { name: a.name.trim() || legend })}
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="console-button console-button--quiet"
          onClick={() => onChange({ ...draft, addOns: [...draft.addOns, newAddOn()] })}
        >
          {t("addAddOn")}
        </button>
      </Part>

      <Part id="terms" title={t("terms")} hint={t("termsHint")}>
        {staff.length === 0 ? <p className="console-muted">{t("termsNoStaff")}</p> : null}
        {staff.map((member) => {
          const term = draft.terms[member.id] ?? { price: "", duration: "" };
          const p = `staffTerms.${termIndex[member.id] ?? `new-${member.id}`}`;
          const set = (patch: Partial<typeof term>) =>
            onChange({ ...draft, terms: { ...draft.terms, [member.id]: { ...term, ...patch } } });
          return (
            <fieldset key={member.id} className="console-offer">
              <legend>{member.name}</legend>
              <div className="console-form-grid">
                <TextField
                  path={`terms.${member.id}.price`}
                  name={`terms.${member.id}.price`}
                  label={t("termPrice", { name: member.name, currency })}
                  isRequired={false}
                  error={errorAt(`${p}.priceMinor`)}
                  value={term.price}
                  onChange={(price) => set({ price })}
                  input={decimal}
                />
                <TextField
                  path={`terms.${member.id}.duration`}
                  name={`terms.${member.id}.duration`}
                  label={t("termDuration", { name: member.name })}
                  isRequired={false}
                  error={errorAt(`${p}.durationMinutes`) ?? errorAt(`${p}.staffId`)}
                  value={term.duration}
                  onChange={(duration) => set({ duration })}
                  input={numeric}
                />
              </div>
            </fieldset>
          );
        })}
      </Part>

      <Part id="location" title={t("location")} hint={t("locationHint")}>
        <LocationField
          path="location"
          kind={draft.locationKind}
          value={draft.locationValue}
          noneLabel={t("locationNone")}
          error={errorAt("location.value") ?? errorAt("location.kind")}
          onChange={(locationKind, locationValue) => onChange({ ...draft, locationKind, locationValue })}
        />
      </Part>
    </>
  );
}
