/**
 * A deposit rule as the console's forms hold it (a service's and each of its variations'): the kind
 * chosen and the text typed, so a refusal loses nothing; `depositRuleOf` turns it into the API's rule.
 */
import type { DepositRule } from "../../../core/calendar/calendar.ts";
import { amountText, parseAmount } from "../../../core/payments/money.ts";

export type DepositKind = "none" | "amount" | "percentage";

export interface DepositDraft {
  readonly kind: DepositKind;
  readonly text: string;
}

/** What the form shows of a stored rule (null: none). */
export function depositDraftOf(rule: DepositRule | null, currency: string, languageTag: string): DepositDraft {
  if (rule?.kind === "amount") return { kind: "amount", text: amountText(rule.amountCents, currency, languageTag) };
  if (rule?.kind === "percentage") return { kind: "percentage", text: String(rule.percent) };
  return { kind: "none", text: "" };
}

/**
 * The rule the draft stands for, or the message key of why it is none. `priceMinor` is the price it
 * is a deposit of (null when that price itself cannot be read): a fixed deposit may not exceed it.
 */
export function depositRuleOf(
  draft: DepositDraft,
  priceMinor: number | null,
  currency: string,
): { readonly rule: DepositRule | null; readonly problem?: string } {
  if (draft.kind === "amount") {
    const amount = parseAmount(draft.text, currency);
    if (amount === null) return { rule: null, problem: "console.services.priceInvalid" };
    if (priceMinor !== null && amount > priceMinor) return { rule: null, problem: "console.services.depositTooHigh" };
    return { rule: { kind: "amount", amountCents: amount } };
  }
  if (draft.kind === "percentage") {
    const percent = Number(draft.text.trim().replace(",", "."));
    if (draft.text.trim() === "" || !Number.isFinite(percent) || percent <= 0 || percent > 100)
      return { rule: null, problem: "console.services.percentInvalid" };
    return { rule: { kind: "percentage", percent } };
  }
  return { rule: null };
}
