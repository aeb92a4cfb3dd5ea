import { useLingui } from "@lingui/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { StaffView } from "../../../app/business/ports.ts";
import { LocationField } from "./location-field.tsx";
import { DepositFields } from "./deposit-fields.tsx";
import {
  newAddOn,
  newVariation,
  termKey,
  variationRef,
  type AddOnDraft,
  type OffersDraft,
  type TermDraft,
  type VariationDraft,
} from "./service-offers.ts";
import { TextField } from "./text-field.tsx";

interface Props {
  readonly draft: OffersDraft;
  onChange(draft: OffersDraft): void;
  /** The message for the API path (`variations.0.priceMinor`), if any. */
  errorAt(path: string): string | undefined;
  /** Who performs the service (chosen above): the staff whose own terms can be set. */
  readonly staff: readonly StaffView[];
  /** `termKey(staff, variation)` → its index in the `staffTerms` sent, where refusals are reported. */
  readonly termIndex: Readonly<Record<string, number>>;
  readonly currency: string;
}

/** One input of a row: the draft's text key, the API field it becomes, its label and what it takes. */
interface Column<Row> {
  readonly key: keyof Row & string;
  readonly api: string;
  readonly label: string;
  readonly hint?: string;
  readonly isRequired: boolean;
  readonly inputMode: "text" | "numeric" | "decimal";
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
 * Rows of a list the API replaces as a whole (variations, add-ons): each a fieldset named by the
 * row's name, its inputs at their API paths (`variations.0.priceMinor`), a remove button, then "add".
 */
function RowList<Row extends { readonly key: string; readonly name: string }>(props: {
  readonly list: "variations" | "addOns";
  readonly rows: readonly Row[];
  readonly columns: readonly Column<Row>[];
  readonly numbered: (n: number) => string;
  readonly removeLabel: (name: string) => string;
  readonly addLabel: string;
  onRows(rows: Row[]): void;
  readonly newRow: () => Row;
  errorAt(path: string): string | undefined;
  /** More fields of a row after its columns (a variation's deposit). */
  readonly more?: (row: Row, i: number, change: (row: Row) => void) => ReactNode;
}) {
  const { rows, onRows } = props;
  // After "add", the new row's first field takes the focus, so a keyboard user types on at once.
  const added = useRef(false);
  // After "remove", the focus goes to "add" rather than being lost with the removed button.
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    document.getElementById(`field-${props.list}-${rows.length - 1}-name`)?.focus();
  }, [rows.length, props.list]);
  return (
    <>
      {rows.map((row, i) => {
        const name = row.name.trim() || props.numbered(i + 1);
        return (
          <fieldset key={row.key} className="console-offer">
            <legend>{name}</legend>
            <div className="console-form-grid">
              {props.columns.map((column) => {
                const path = `${props.list}.${i}.${column.api}`;
                return (
                  <TextField
                    key={column.key}
                    path={path}
                    name={path}
                    label={column.label}
                    hint={column.hint}
                    isRequired={column.isRequired}
                    // A row removed elsewhere is refused at its id: said at its name.
                    error={
                      props.errorAt(path) ??
                      (column.api === "name" ? props.errorAt(`${props.list}.${i}.id`) : undefined)
                    }
                    value={String(row[column.key])}
                    onChange={(value) => onRows(rows.map((r, j) => (j === i ? { ...r, [column.key]: value } : r)))}
                    input={{ inputMode: column.inputMode, autoComplete: "off" }}
                  />
                );
              })}
            </div>
            {props.more ? (
              <div className="console-form-grid">
                {props.more(row, i, (changed) => onRows(rows.map((r, j) => (j === i ? changed : r))))}
              </div>
            ) : null}
            <button
              type="button"
              className="console-button console-button--quiet"
              onClick={() => {
                onRows(rows.filter((_, j) => j !== i));
                addRef.current?.focus();
              }}
            >
              {props.removeLabel(name)}
            </button>
          </fieldset>
        );
      })}
      <button
        ref={addRef}
        type="button"
        className="console-button console-button--quiet"
        onClick={() => {
          added.current = true;
          onRows([...rows, props.newRow()]);
        }}
      >
        {props.addLabel}
      </button>
    </>
  );
}

/**
 * A service's variations, add-ons, staff members' own price and length, and location (issue 24):
 * rows added and removed in place, each field with its own message.
 */
export function ServiceOffersEditor({ draft, onChange, errorAt, staff, termIndex, currency }: Props) {
  const { i18n } = useLingui();
  const t = (key: string, values?: Record<string, unknown>) => i18n._(`console.services.offers.${key}`, values);
  const name = { key: "name", api: "name", label: i18n._("console.services.name"), isRequired: true } as const;
  const price = { key: "price", api: "priceMinor", label: i18n._("console.services.price", { currency }) } as const;

  const variationColumns: Column<VariationDraft>[] = [
    { ...name, inputMode: "text" },
    {
      key: "duration",
      api: "durationMinutes",
      label: i18n._("console.services.duration"),
      isRequired: true,
      inputMode: "numeric",
    },
    { ...price, isRequired: false, inputMode: "decimal" },
    {
      key: "bufferBefore",
      api: "bufferBeforeMinutes",
      label: t("bufferBefore"),
      hint: t("bufferHint"),
      isRequired: false,
      inputMode: "numeric",
    },
    {
      key: "bufferAfter",
      api: "bufferAfterMinutes",
      label: t("bufferAfter"),
      hint: t("bufferHint"),
      isRequired: false,
      inputMode: "numeric",
    },
  ];
  const addOnColumns: Column<AddOnDraft>[] = [
    { ...name, inputMode: "text" },
    { key: "duration", api: "durationMinutes", label: t("extraMinutes"), isRequired: true, inputMode: "numeric" },
    { ...price, isRequired: false, inputMode: "decimal" },
    {
      key: "maxQuantity",
      api: "maxQuantity",
      label: t("maxQuantity"),
      hint: t("maxQuantityHint"),
      isRequired: true,
      inputMode: "numeric",
    },
  ];

  return (
    <>
      <Part id="variations" title={t("variations")} hint={t("variationsHint")}>
        <RowList
          list="variations"
          rows={draft.variations}
          columns={variationColumns}
          numbered={(number) => t("variationNumber", { number })}
          removeLabel={(name) => t("removeVariation", { name })}
          addLabel={t("addVariation")}
          onRows={(variations) => onChange({ ...draft, variations })}
          newRow={newVariation}
          errorAt={errorAt}
          more={(row, i, change) => (
            <DepositFields
              path={`variations-${i}-deposit`}
              names={{ kind: `variations.${i}.depositKind`, text: `variations.${i}.deposit` }}
              label={t("variationDeposit")}
              noneLabel={t("variationDepositAsService")}
              hint={t("variationDepositHint")}
              draft={row.deposit}
              currency={currency}
              error={errorAt(`variations.${i}.deposit`)}
              onChange={(deposit) => change({ ...row, deposit })}
            />
          )}
        />
      </Part>

      <Part id="add-ons" title={t("addOns")} hint={t("addOnsHint")}>
        <RowList
          list="addOns"
          rows={draft.addOns}
          columns={addOnColumns}
          numbered={(number) => t("addOnNumber", { number })}
          removeLabel={(name) => t("removeAddOn", { name })}
          addLabel={t("addAddOn")}
          onRows={(addOns) => onChange({ ...draft, addOns })}
          newRow={newAddOn}
          errorAt={errorAt}
        />
      </Part>

      <Part id="terms" title={t("terms")} hint={t("termsHint")}>
        {staff.length === 0 ? <p className="console-muted">{t("termsNoStaff")}</p> : null}
        {staff.map((member) => {
          // Refusals come back at the index these terms had in the request.
          const errorOf = (variationId: string | null, api: string) => {
            const sent = termIndex[termKey(member.id, variationId)];
            return sent === undefined ? undefined : errorAt(`staffTerms.${sent}.${api}`);
          };
          return (
            <fieldset key={member.id} className="console-offer">
              <legend>{member.name}</legend>
              <div className="console-form-grid">
                <TermFields
                  path={`terms.${member.id}`}
                  priceLabel={t("termPrice", { name: member.name, currency })}
                  durationLabel={t("termDuration", { name: member.name })}
                  term={draft.terms[member.id]}
                  errorOf={(api) => errorOf(null, api)}
                  onChange={(term) => onChange({ ...draft, terms: { ...draft.terms, [member.id]: term } })}
                />
              </div>
              {draft.variations.length > 0 ? (
                <>
                  <p className="console-muted">{t("variationTermsHint", { name: member.name })}</p>
                  <div className="console-form-grid">
                    {/* A variation added here takes terms too: saved with it in one save (ADR 0052). */}
                    {draft.variations.map((variation, i) => {
                      const ref = variationRef(variation);
                      const own = draft.variationTerms[member.id] ?? {};
                      const variationName = variation.name.trim() || t("variationNumber", { number: i + 1 });
                      return (
                        <TermFields
                          key={ref}
                          path={`terms.${member.id}.${ref}`}
                          priceLabel={t("variationTermPrice", {
                            name: member.name,
                            variation: variationName,
                            currency,
                          })}
                          durationLabel={t("variationTermDuration", { name: member.name, variation: variationName })}
                          term={own[ref]}
                          errorOf={(api) => errorOf(ref, api)}
                          onChange={(term) =>
                            onChange({
                              ...draft,
                              variationTerms: { ...draft.variationTerms, [member.id]: { ...own, [ref]: term } },
                            })
                          }
                        />
                      );
                    })}
                  </div>
                </>
              ) : null}
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

/** A member's own price and length (for the whole service or one variation); empty: not their own. */
function TermFields(props: {
  readonly path: string;
  readonly priceLabel: string;
  readonly durationLabel: string;
  readonly term: TermDraft | undefined;
  errorOf(api: string): string | undefined;
  onChange(term: TermDraft): void;
}) {
  const term = props.term ?? { price: "", duration: "" };
  return (
    <>
      <TextField
        path={`${props.path}.price`}
        name={`${props.path}.price`}
        label={props.priceLabel}
        isRequired={false}
        error={props.errorOf("priceMinor")}
        value={term.price}
        onChange={(price) => props.onChange({ ...term, price })}
        input={{ inputMode: "decimal", autoComplete: "off" }}
      />
      <TextField
        path={`${props.path}.duration`}
        name={`${props.path}.duration`}
        label={props.durationLabel}
        isRequired={false}
        error={
          props.errorOf("durationMinutes") ??
          props.errorOf("staffId") ??
          props.errorOf("variationId") ??
          props.errorOf("variationIndex")
        }
        value={term.duration}
        onChange={(duration) => props.onChange({ ...term, duration })}
        input={{ inputMode: "numeric", autoComplete: "off" }}
      />
    </>
  );
}
