/**
 * The business's coupons as the business API manages them (issue 24): a code unique within the
 * business (case ignored), a percentage or an amount of the business currency, a validity window,
 * the services and calendars it is for, its limits, and whether it is on. Uses are only counted by
 * the booking's redemption (adapters/db/coupon-redemptions.ts), never set here.
 */
import type { CouponValue } from "../../core/booking/coupons.ts";
import type { Result } from "../business/ports.ts";

/** What the business sets (dates as ISO 8601 instants; null: open). */
export interface CouponInput {
  readonly code: string;
  readonly value: CouponValue;
  readonly validFrom: string | null;
  readonly validUntil: string | null;
  readonly serviceIds: readonly string[];
  readonly calendarIds: readonly string[];
  readonly maxUses: number | null;
  readonly maxUsesPerVisitor: number | null;
  readonly isActive: boolean;
}

/** A coupon as listed: what was set, in the business currency, with its uses so far. */
export interface CouponView extends CouponInput {
  readonly id: string;
  readonly currency: string;
  readonly uses: number;
  readonly createdAt: string;
}

/** Every statement bound to one business. */
export interface CouponStore {
  list(): Promise<CouponView[]>;
  get(id: string): Promise<CouponView | null>;
  /** `currency`: the one a fixed amount was given in (must be the business's). */
  create(input: CouponInput & { readonly currency?: string }): Promise<Result<CouponView>>;
  update(id: string, patch: Partial<CouponInput> & { readonly currency?: string }): Promise<Result<CouponView>>;
  /** Deleted coupons keep their redemptions (bookings name their code); the code is free again. */
  remove(id: string): Promise<Result<null>>;
}
