import type { CalendarSettings } from "../calendar/calendar.ts";
import type { FieldError, Outcome } from "./errors.ts";
import { fail, ok } from "./errors.ts";

/** "Guest count should be between 1 and 100" (spec §5; the source product allows 100 by count). */
export const MIN_GUESTS = 1;
export const MAX_GUESTS = 100;
const MAX_NAME_LENGTH = 100;

/** Letters (any script), marks, spaces and the punctuation names use: O'Connor, Anne-Marie, J. R. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
/** Pragmatic address check (one @, a dot in the domain, no spaces); deliverability is the mail server's job. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type GuestsInput =
  number | readonly { readonly name?: string | null; readonly email?: string | null }[] | undefined;

export interface ValidGuests {
  /** Additional attendees (the booker not included). */
  readonly count: number;
  /** Named guests (collect_detail), trimmed; empty for count-only. */
  readonly people: readonly { readonly name: string; readonly email: string }[];
}

export const isValidEmail = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

/**
 * Spec §5 'Email ID must be unique for guests', decided once for the page and the server (issue 23):
 * a guest's email differs from every other guest's and from the booker's own — each address is one
 * person, who gets one copy of every email. The indexes of the guests whose email repeats one before.
 */
export function repeatedGuestEmails(bookerEmail: string | null, guestEmails: readonly string[]): Set<number> {
  const seen = new Set<string>(bookerEmail?.trim() ? [bookerEmail.trim().toLowerCase()] : []);
  const repeated = new Set<number>();
  guestEmails.forEach((email, i) => {
    const key = email.trim().toLowerCase();
    if (key === "") return;
    if (seen.has(key)) repeated.add(i);
    else seen.add(key);
  });
  return repeated;
}

/**
 * Validates the visitor's guests against the calendar's guest mode and the spec's §5 rules.
 * Every problem is reported (one code per field), so the form can mark all fields at once.
 */
export function validateGuests(
  input: GuestsInput,
  mode: CalendarSettings["guestMode"],
  bookerEmail: string | null = null,
): Outcome<ValidGuests> {
  if (input === undefined || (Array.isArray(input) && input.length === 0) || input === 0)
    return ok({ count: 0, people: [] });
  if (mode === "none") return fail("GUESTS_NOT_ALLOWED");
  if (typeof input === "number") {
    if (!Number.isInteger(input) || input < MIN_GUESTS || input > MAX_GUESTS)
      return fail("GUEST_COUNT_RANGE", undefined, [{ path: "guests", code: "GUEST_COUNT_RANGE" }]);
    return ok({ count: input, people: [] });
  }
  const list = input as readonly { name?: string | null; email?: string | null }[];
  if (list.length > MAX_GUESTS)
    return fail("GUEST_COUNT_RANGE", undefined, [{ path: "guests", code: "GUEST_COUNT_RANGE" }]);
  const fields: FieldError[] = [];
  const repeated = repeatedGuestEmails(
    bookerEmail,
    list.map((g) => g.email ?? ""),
  );
  const people: { name: string; email: string }[] = [];
  list.forEach((guest, i) => {
    const name = (guest.name ?? "").trim();
    const email = (guest.email ?? "").trim();
    if (name === "") fields.push({ path: `guests.${i}.name`, code: "GUEST_NAME_REQUIRED" });
    else if (name.length > MAX_NAME_LENGTH || !NAME_PATTERN.test(name))
      fields.push({ path: `guests.${i}.name`, code: "GUEST_NAME_INVALID" });
    if (email === "") fields.push({ path: `guests.${i}.email`, code: "GUEST_EMAIL_REQUIRED" });
    else if (!isValidEmail(email)) fields.push({ path: `guests.${i}.email`, code: "GUEST_EMAIL_INVALID" });
    else if (repeated.has(i)) fields.push({ path: `guests.${i}.email`, code: "GUEST_EMAIL_DUPLICATE" });
    people.push({ name, email });
  });
  const first = fields[0];
  if (first) return fail(first.code, undefined, fields);
  return ok({ count: people.length, people });
}
