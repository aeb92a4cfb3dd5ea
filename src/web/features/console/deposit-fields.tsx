import { useLingui } from "@lingui/react";
import { Field } from "../../components/form-field.tsx";
import type { DepositDraft, DepositKind } from "./deposit-draft.ts";

interface Props {
  /** Ids of the two fields: `field-<path>-kind` and `field-<path>`. */
  readonly path: string;
  /** The form names of the two fields (`depositKind`, `deposit`). */
  readonly names: { readonly kind: string; readonly text: string };
  readonly label: string;
  /** The choice that means "no deposit of its own" ("None", or "As the service"). */
  readonly noneLabel: string;
  readonly hint?: string;
  readonly draft: DepositDraft;
  readonly currency: string;
  readonly error: string | undefined;
  onChange(draft: DepositDraft): void;
}

/** A deposit: none, a fixed amount or a share of the price, and the amount or share typed. */
export function DepositFields({ path, names, label, noneLabel, hint, draft, currency, error, onChange }: Props) {
  const { i18n } = useLingui();
  return (
    <>
      <Field path={`${path}-kind`} label={label} error={undefined} {...(hint ? { hint } : {})}>
        {(aria) => (
          <select
            {...aria}
            name={names.kind}
            value={draft.kind}
            onChange={(e) => onChange({ ...draft, kind: e.target.value as DepositKind })}
          >
            <option value="none">{noneLabel}</option>
            <option value="amount">{i18n._("console.services.depositAmount", { currency })}</option>
            <option value="percentage">{i18n._("console.services.depositPercent")}</option>
          </select>
        )}
      </Field>
      {draft.kind === "none" ? null : (
        <Field
          path={path}
          label={i18n._(
            draft.kind === "amount" ? "console.services.depositAmountLabel" : "console.services.depositPercentLabel",
            { currency },
          )}
          error={error}
          isRequired
        >
          {(aria) => (
            <input
              {...aria}
              name={names.text}
              inputMode="decimal"
              autoComplete="off"
              value={draft.text}
              onChange={(e) => onChange({ ...draft, text: e.target.value })}
            />
          )}
        </Field>
      )}
    </>
  );
}
