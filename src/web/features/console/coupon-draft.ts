/**
 * A coupon as the console's editor holds it (issue 24): text as typed, so a refusal loses nothing;
 * `couponBody` turns it into the business API's input (CouponCreate / CouponPatch), with the
 * validity window typed as wall times in the business's zone, and says per API path what cannot be
 * sent at all. Ranges and rules (a code taken, a window that ends before it starts) are the
 * server's (coupon-routes.ts, coupon-store.ts), reported at the same paths.
 */
import type { CouponView } from "../../../app/coupons/ports.ts";
import { amountText, parseAmount } from "../../../core/payments/money.ts";
import { instantOfLocalInput, localInputOf } from "./zoned-input.ts";

export type CouponKind = "percentage" | "amount";

export interface CouponDraft {
  /** The coupon being changed; null while adding one. */
  readonly id: string | null;
  readonly code: string;
  readonly kind: CouponKind;
  /** The percentage, or the amount in the business currency. */
  readonly value: string;
  /** datetime-local values in the business's zone; "": open. */
  readonly validFrom: string;
  readonly validUntil: string;
  readonly serviceIds: readonly string[];
  readonly calendarIds: readonly string[];
  /** "": unlimited. */
  readonly maxUses: string;
  readonly maxUsesPerVisitor: string;
  readonly isActive: boolean;
}

export const newCouponDraft = (): CouponDraft => ({
  id: null,
  code: "",
  kind: "percentage",
  value: "",
  validFrom: "",
  validUntil: "",
  serviceIds: [],
  calendarIds: [],
  maxUses: "",
  maxUsesPerVisitor: "",
  isActive: true,
});

export function couponDraftOf(coupon: CouponView, currency: string, zone: string, languageTag: string): CouponDraft {
  return {
    id: coupon.id,
    code: coupon.code,
    kind: coupon.value.kind,
    value:
      coupon.value.kind === "percentage"
        ? String(coupon.value.percent)
        : amountText(coupon.value.amountMinor, currency, languageTag),
    validFrom: coupon.validFrom ? localInputOf(coupon.validFrom, zone) : "",
    validUntil: coupon.validUntil ? localInputOf(coupon.validUntil, zone) : "",
    serviceIds: coupon.serviceIds,
    calendarIds: coupon.calendarIds,
    maxUses: coupon.maxUses === null ? "" : String(coupon.maxUses),
    maxUsesPerVisitor: coupon.maxUsesPerVisitor === null ? "" : String(coupon.maxUsesPerVisitor),
    isActive: coupon.isActive,
  };
}

/** The API path of a problem found here → its message key (console.coupons.error.*). */
export type CouponProblems = Readonly<Record<string, string>>;

export function couponBody(
  draft: CouponDraft,
  currency: string,
  zone: string,
): { readonly body: Record<string, unknown>; readonly problems: CouponProblems } {
  const problems: Record<string, string> = {};
  const instant = (text: string, path: string) => {
    if (text.trim() === "") return null;
    const iso = instantOfLocalInput(text, zone);
    if (iso === null) problems[path] = "console.coupons.error.date";
    return iso;
  };
  const limit = (text: string, path: string) => {
    if (text.trim() === "") return null;
    if (!/^\d{1,7}$/.test(text.trim())) problems[path] = "console.coupons.error.limit";
    return Number(text.trim());
  };
  let value: Record<string, unknown>;
  if (draft.kind === "percentage") {
    const percent = draft.value.trim();
    if (!/^\d{1,3}$/.test(percent)) problems["value.percent"] = "console.coupons.error.percent";
    value = { kind: "percentage", percent: Number(percent) };
  } else {
    const minor = parseAmount(draft.value, currency);
    if (minor === null || minor === 0) problems["value.amountMinor"] = "console.coupons.error.amount";
    value = { kind: "amount", amountMinor: minor ?? 0 };
  }
  const body = {
    code: draft.code.trim(),
    value,
    // A fixed amount is in the business currency; saying so lets the server refuse a mismatch.
    ...(draft.kind === "amount" ? { currency } : {}),
    validFrom: instant(draft.validFrom, "validFrom"),
    validUntil: instant(draft.validUntil, "validUntil"),
    serviceIds: draft.serviceIds,
    calendarIds: draft.calendarIds,
    maxUses: limit(draft.maxUses, "maxUses"),
    maxUsesPerVisitor: limit(draft.maxUsesPerVisitor, "maxUsesPerVisitor"),
    isActive: draft.isActive,
  };
  return { body, problems };
}

/** Every path the editor shows a message at, with the message of what that field takes. */
export const COUPON_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  code: "console.coupons.error.code",
  "value.percent": "console.coupons.error.percent",
  "value.amountMinor": "console.coupons.error.amount",
  currency: "console.coupons.error.amount",
  validFrom: "console.coupons.error.date",
  validUntil: "console.coupons.error.window",
  serviceIds: "console.coupons.error.gone",
  calendarIds: "console.coupons.error.gone",
  maxUses: "console.coupons.error.limit",
  maxUsesPerVisitor: "console.coupons.error.limit",
};
