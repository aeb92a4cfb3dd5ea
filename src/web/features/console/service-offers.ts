/**
 * A service's variations (each with its own deposit), add-ons, staff members' own terms (for the
 * whole service and per variation) and location as the console's editor holds them (issue 24,
 * ADR 0031, 0044 and 0052): text as typed, so a refusal loses nothing; `offersBody`
 * turns it into the business API's fields and says, per API path, what cannot be sent at all (an
 * amount that is no amount). Ranges are the server's to check (input-schemas.ts): its refusals
 * come back at the same paths, and `offerMessageKey` names the message for each.
 */
import type { ServiceView, StaffTermsInput } from "../../../app/business/ports.ts";
import { locationProblem, type LocationKind, type LocationProblem } from "../../../core/calendar/location.ts";
import { amountText, parseAmount } from "../../../core/payments/money.ts";
import { depositDraftOf, depositRuleOf, type DepositDraft } from "./deposit-draft.ts";
import { wholeNumberOf } from "./whole-number.ts";

export interface VariationDraft {
  /** Tells rows apart while editing (React keys); not sent. */
  readonly key: string;
  /** The stored variation; null until saved. */
  readonly id: string | null;
  readonly name: string;
  readonly duration: string;
  readonly price: string;
  readonly bufferBefore: string;
  readonly bufferAfter: string;
  /** Kind "none": the service's own deposit rule. */
  readonly deposit: DepositDraft;
}

export interface AddOnDraft {
  readonly key: string;
  readonly id: string | null;
  readonly name: string;
  readonly duration: string;
  readonly price: string;
  readonly maxQuantity: string;
}

/** A staff member's own price and length for the whole service or one variation; empty: the service's or variation's. */
export interface TermDraft {
  readonly price: string;
  readonly duration: string;
}

export interface OffersDraft {
  readonly variations: readonly VariationDraft[];
  readonly addOns: readonly AddOnDraft[];
  /** Staff id → their own terms for the whole service. */
  readonly terms: Readonly<Record<string, TermDraft>>;
  /** Staff id → `variationRef` → their own terms for that variation (saved or not yet). */
  readonly variationTerms: Readonly<Record<string, Readonly<Record<string, TermDraft>>>>;
  /** "": the calendar's (no location of its own). */
  readonly locationKind: LocationKind | "";
  readonly locationValue: string;
}

/** How a variation's terms are kept while editing: its id once saved, else its row's key (ADR 0052). */
export const variationRef = (v: Pick<VariationDraft, "id" | "key">) => v.id ?? v.key;

let rows = 0;
const nextKey = () => `row-${++rows}`;

export const newVariation = (): VariationDraft => ({
  key: nextKey(),
  id: null,
  name: "",
  duration: "30",
  price: "",
  bufferBefore: "",
  bufferAfter: "",
  deposit: { kind: "none", text: "" },
});

export const newAddOn = (): AddOnDraft => ({
  key: nextKey(),
  id: null,
  name: "",
  duration: "0",
  price: "",
  maxQuantity: "1",
});

type Offers = Pick<ServiceView, "variations" | "addOns" | "staffTerms" | "location">;

/** What the editor shows of a service's offers; a new service has none. */
export function offersDraftOf(service: Offers | null, currency: string, languageTag: string): OffersDraft {
  const money = (minor: number) => (minor > 0 ? amountText(minor, currency, languageTag) : "");
  const optional = (n: number | null) => (n === null ? "" : String(n));
  const terms: Record<string, TermDraft> = {};
  const variationTerms: Record<string, Record<string, TermDraft>> = {};
  for (const t of service?.staffTerms ?? []) {
    const term = {
      price: t.priceMinor === null ? "" : amountText(t.priceMinor, currency, languageTag),
      duration: optional(t.durationMinutes),
    };
    if (t.variationId === null) terms[t.staffId] = term;
    else variationTerms[t.staffId] = { ...variationTerms[t.staffId], [t.variationId]: term };
  }
  return {
    variations: (service?.variations ?? []).map((v) => ({
      key: nextKey(),
      id: v.id,
      name: v.name,
      duration: String(v.durationMinutes),
      price: money(v.priceMinor),
      bufferBefore: optional(v.bufferBeforeMinutes),
      bufferAfter: optional(v.bufferAfterMinutes),
      deposit: depositDraftOf(v.deposit, currency, languageTag),
    })),
    addOns: (service?.addOns ?? []).map((a) => ({
      key: nextKey(),
      id: a.id,
      name: a.name,
      duration: String(a.durationMinutes),
      price: money(a.priceMinor),
      maxQuantity: String(a.maxQuantity),
    })),
    terms,
    variationTerms,
    locationKind: service?.location?.kind ?? "",
    locationValue: service?.location?.value ?? "",
  };
}

/** The API path of a problem found here → the message key (console.services.offers.*). */
export type OfferProblems = Readonly<Record<string, string>>;

export interface OffersBody {
  readonly body: {
    variations: unknown[];
    addOns: unknown[];
    staffTerms: unknown[];
    location: { kind: LocationKind; value: string } | null;
  };
  /** `termKey(staff, variation)` → its index in `staffTerms`, where the API puts its refusals. */
  readonly termIndex: Readonly<Record<string, number>>;
  readonly problems: OfferProblems;
}

const LOCATION_KEYS: Record<LocationProblem, string> = {
  LOCATION_ADDRESS_REQUIRED: "console.services.offers.addressRequired",
  LOCATION_PHONE_INVALID: "console.services.offers.phoneInvalid",
  LOCATION_VIDEO_LINK_INVALID: "console.services.offers.videoInvalid",
};

/**
 * The business API's `variations`, `addOns`, `staffTerms` and `location` for the draft. Terms are
 * sent only for `staffIds` (who performs the service) and only when something is set.
 */
export function offersBody(draft: OffersDraft, currency: string, staffIds: readonly string[]): OffersBody {
  const problems: Record<string, string> = {};
  const amount = (text: string, path: string, isOptional: boolean): number | null | undefined => {
    if (text.trim() === "") return isOptional ? undefined : 0;
    const minor = parseAmount(text, currency);
    if (minor === null) problems[path] = "console.services.priceInvalid";
    return minor ?? undefined;
  };
  /** Empty: null (the default), unless the field is required. */
  const whole = (text: string, path: string, key: string, isRequired = false): number | null => {
    if (text.trim() === "" && !isRequired) return null;
    const n = wholeNumberOf(text);
    if (n === null) problems[path] = key;
    return n;
  };

  const variations = draft.variations.map((v, i) => {
    const p = `variations.${i}`;
    const priceMinor = amount(v.price, `${p}.priceMinor`, false);
    const deposit = depositRuleOf(v.deposit, priceMinor ?? null, currency);
    if (deposit.problem) problems[`${p}.deposit`] = deposit.problem;
    return {
      ...(v.id ? { id: v.id } : {}),
      name: v.name.trim(),
      durationMinutes: whole(v.duration, `${p}.durationMinutes`, "console.services.durationInvalid", true) ?? 0,
      priceMinor: priceMinor ?? 0,
      deposit: deposit.rule,
      bufferBeforeMinutes: whole(v.bufferBefore, `${p}.bufferBeforeMinutes`, "console.services.offers.bufferInvalid"),
      bufferAfterMinutes: whole(v.bufferAfter, `${p}.bufferAfterMinutes`, "console.services.offers.bufferInvalid"),
    };
  });
  const addOns = draft.addOns.map((a, i) => {
    const p = `addOns.${i}`;
    return {
      ...(a.id ? { id: a.id } : {}),
      name: a.name.trim(),
      durationMinutes: whole(a.duration, `${p}.durationMinutes`, "console.services.offers.extraMinutesInvalid") ?? 0,
      priceMinor: amount(a.price, `${p}.priceMinor`, false) ?? 0,
      maxQuantity: whole(a.maxQuantity, `${p}.maxQuantity`, "console.services.offers.maxQuantityInvalid") ?? 1,
    };
  });

  const termIndex: Record<string, number> = {};
  const staffTerms: StaffTermsInput[] = [];
  /** `variation` with its position in `variations`; none: the whole service. */
  const addTerms = (staffId: string, t: TermDraft | undefined, variation?: { v: VariationDraft; i: number }) => {
    if (!t || (t.price.trim() === "" && t.duration.trim() === "")) return;
    const p = `staffTerms.${staffTerms.length}`;
    termIndex[termKey(staffId, variation ? variationRef(variation.v) : null)] = staffTerms.length;
    staffTerms.push({
      staffId,
      // A variation added in this same save has no id yet: the API takes its position instead.
      variationId: variation?.v.id ?? null,
      ...(variation && variation.v.id === null ? { variationIndex: variation.i } : {}),
      priceMinor: amount(t.price, `${p}.priceMinor`, true) ?? null,
      durationMinutes: whole(t.duration, `${p}.durationMinutes`, "console.services.durationInvalid"),
    });
  };
  // Sent only for members who perform the service, and for variations still there.
  for (const staffId of staffIds) {
    addTerms(staffId, draft.terms[staffId]);
    draft.variations.forEach((v, i) => addTerms(staffId, draft.variationTerms[staffId]?.[variationRef(v)], { v, i }));
  }

  let location: OffersBody["body"]["location"] = null;
  if (draft.locationKind !== "") {
    location = {
      kind: draft.locationKind,
      value: draft.locationKind === "ask_booker" ? "" : draft.locationValue.trim(),
    };
    const code = locationProblem(location);
    if (code) problems["location.value"] = LOCATION_KEYS[code];
  }
  return { body: { variations, addOns, staffTerms, location }, termIndex, problems };
}

/** Where `termIndex` keeps a member's terms: for the whole service, or for one variation (`variationRef`). */
export const termKey = (staffId: string, variation: string | null) =>
  variation === null ? staffId : `${staffId}/${variation}`;

/** The message key for the API's refusal at `path` (one of `offersBody`'s fields), by what the field takes. */
export function offerMessageKey(path: string, locationKind: LocationKind | ""): string | undefined {
  const field = path.split(".");
  const [list, , name] = field;
  if (list === "location")
    return locationKind === "" || locationKind === "ask_booker"
      ? "console.services.offers.locationInvalid"
      : LOCATION_KEYS[
          locationKind === "physical"
            ? "LOCATION_ADDRESS_REQUIRED"
            : locationKind === "phone"
              ? "LOCATION_PHONE_INVALID"
              : "LOCATION_VIDEO_LINK_INVALID"
        ];
  if (list !== "variations" && list !== "addOns" && list !== "staffTerms") return undefined;
  switch (name) {
    case "name":
      return "console.services.nameMissing";
    case "priceMinor":
      return "console.services.priceInvalid";
    case "durationMinutes":
      return list === "addOns" ? "console.services.offers.extraMinutesInvalid" : "console.services.durationInvalid";
    case "bufferBeforeMinutes":
    case "bufferAfterMinutes":
      return "console.services.offers.bufferInvalid";
    case "maxQuantity":
      return "console.services.offers.maxQuantityInvalid";
    case "staffId":
      return "console.services.staffInvalid";
    case "deposit":
      return "console.services.depositInvalid";
    default:
      // A row that no longer exists (removed in another tab): reloading shows what is there now.
      return "console.services.offers.rowGone";
  }
}
