/**
 * What an embed (or any link) may fill in for the visitor (issue 17): `first-name`, `last-name`,
 * `email`, `phone` and `guests` in the query (src/embed/protocol.ts). Prefilled, never trusted: a
 * value the booking would refuse is dropped, so the visitor types it instead of meeting an error
 * they did not cause, and the booking validates everything again.
 */
import { isValidEmail, MAX_GUESTS } from "../../../core/booking/guests.ts";
import type { WidgetConfig } from "./api-client.ts";
import type { DetailsValues } from "./flow-reducer.ts";

const MAX_NAME = 100;
const MAX_PHONE = 40;

export type Prefill = Partial<
  Pick<DetailsValues, "firstName" | "lastName" | "email" | "phone" | "guestCount" | "guests">
>;

export function prefillFrom(params: URLSearchParams, guestMode: WidgetConfig["guestMode"]): Prefill {
  const text = (name: string, max: number) => {
    const value = params.get(name)?.trim() ?? "";
    return value && value.length <= max ? value : undefined;
  };
  const prefill: Prefill = {};
  const firstName = text("first-name", MAX_NAME);
  const lastName = text("last-name", MAX_NAME);
  const email = text("email", 254);
  const phone = text("phone", MAX_PHONE);
  if (firstName) prefill.firstName = firstName;
  if (lastName) prefill.lastName = lastName;
  if (email && isValidEmail(email)) prefill.email = email;
  if (phone && /^\+?[\d\s().-]{3,}$/.test(phone)) prefill.phone = phone;
  const guests = params.get("guests")?.trim();
  if (guests && guestMode === "count_only" && /^\d+$/.test(guests) && Number(guests) <= MAX_GUESTS)
    prefill.guestCount = guests;
  if (guests && guestMode === "collect_detail") {
    const emails = guests.split(",").map((g) => g.trim());
    if (emails.length <= MAX_GUESTS && emails.every(isValidEmail))
      prefill.guests = emails.map((guestEmail) => ({ name: "", email: guestEmail }));
  }
  return prefill;
}
