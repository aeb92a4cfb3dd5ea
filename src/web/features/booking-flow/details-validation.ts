/**
 * The details form's checks in the browser, with the spec's §5 messages (as catalogue keys). The
 * server checks the same rules again (src/core/booking/guests.ts, answers.ts); the browser only
 * answers faster and keeps every message next to its field. In the details step's chunk: a booking
 * page's first screen never needs them (ADR 0004).
 */
import { isValidEmail, MAX_GUESTS, MIN_GUESTS, repeatedGuestEmails } from "../../../core/booking/guests.ts";
import type { DetailsValues } from "./flow-reducer.ts";
import type { WidgetConfig } from "./api-client.ts";
import { attendeesOf } from "./pricing.ts";
import type { ValidationResult } from "./validation.ts";

/** Letters (any script), marks, spaces and name punctuation, as the server's rule. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const PHONE_PATTERN = /^\+?[0-9 ()./-]{5,40}$/;

export function validateDetails(
  config: Pick<WidgetConfig, "type" | "guestMode" | "requireGuests" | "questions">,
  d: DetailsValues,
  today: string,
  /** The location may be "ask the visitor" for this choice (core/calendar/location.ts). */
  asksLocation = false,
): ValidationResult {
  const errors: Record<string, string> = {};
  if (d.firstName.trim() === "") errors.firstName = "widget.validation.required";
  if (d.lastName.trim() === "") errors.lastName = "widget.validation.required";
  if (d.email.trim() === "") errors.email = "widget.validation.emailRequired";
  else if (!isValidEmail(d.email.trim())) errors.email = "widget.validation.emailInvalid";
  if (d.phone.trim() !== "" && !PHONE_PATTERN.test(d.phone.trim())) errors.phone = "widget.validation.phoneInvalid";
  if (
    d.dateOfBirth !== "" &&
    (!/^\d{4}-\d{2}-\d{2}$/.test(d.dateOfBirth) || d.dateOfBirth > today || d.dateOfBirth < "1900-01-01")
  )
    errors.dateOfBirth = "widget.validation.dateOfBirthInvalid";
  if (asksLocation && d.location.trim() === "") errors.location = "widget.validation.location";

  if (config.guestMode === "count_only" && d.guestCount.trim() !== "") {
    const n = Number(d.guestCount);
    if (!Number.isInteger(n) || n < MIN_GUESTS || n > MAX_GUESTS) errors.guestCount = "widget.validation.guestCount";
  }
  if (config.guestMode === "collect_detail") {
    if (d.guests.length > MAX_GUESTS) errors.guestCount = "widget.validation.guestCount";
    const repeated = repeatedGuestEmails(
      d.email,
      d.guests.map((g) => g.email),
    );
    d.guests.forEach((g, i) => {
      const name = g.name.trim();
      const email = g.email.trim();
      if (name === "") errors[`guests.${i}.name`] = "widget.validation.guestNameRequired";
      else if (name.length > 100 || !NAME_PATTERN.test(name))
        errors[`guests.${i}.name`] = "widget.validation.guestNameInvalid";
      if (email === "") errors[`guests.${i}.email`] = "widget.validation.guestEmailRequired";
      else if (!isValidEmail(email)) errors[`guests.${i}.email`] = "widget.validation.emailInvalid";
      else if (repeated.has(i)) errors[`guests.${i}.email`] = "widget.validation.guestEmailDuplicate";
    });
  }
  // The server's rule (read-booking-request.ts), with its message, next to the guests.
  if (config.requireGuests && attendeesOf(config, [], d) < 2) errors.guestCount ??= "problem.GUESTS_REQUIRED";
  for (const q of config.questions) {
    const answer = d.answers[q.id];
    const isEmpty = Array.isArray(answer) ? answer.length === 0 : (answer ?? "").trim() === "";
    if (q.required && isEmpty)
      errors[`answers.${q.id}`] =
        q.kind === "checkbox"
          ? "widget.validation.option"
          : q.kind === "select"
            ? "widget.validation.chooseOne"
            : "widget.validation.required";
  }
  return { errors, values: {} };
}
