/**
 * A refusal's field errors as messages in the page's language. The server's `errors[].message` is
 * English (zod's and the setup rules' own words), so each screen names, per field, the localised
 * message that says what that field takes; the codes that say something more specific (a slug taken,
 * a calendar's team rules) have their own messages.
 */
import type { I18n } from "@lingui/core";
import type { SetupErrorCode } from "../../../core/calendar/calendar-setup.ts";
import type { AttachFormErrorCode } from "../../../core/forms/attached-form.ts";
import { ApiProblem, type FieldProblem } from "./console-api.ts";

const SETUP_CODES: Record<SetupErrorCode | AttachFormErrorCode, true> = {
  MEMBERS_EXACTLY_ONE: true,
  MEMBERS_AT_LEAST_ONE: true,
  MEMBERS_AT_LEAST_TWO: true,
  MEMBERS_TOO_MANY: true,
  MEMBERS_DUPLICATE: true,
  PRIMARY_ONLY_ONE: true,
  SEATS_REQUIRED: true,
  SEATS_NOT_FOR_TYPE: true,
  GUESTS_NOT_FOR_CLASS: true,
  SERVICES_NOT_FOR_TYPE: true,
  WINDOW_RANGE_INVALID: true,
  LOOK_BUSY_NOT_FOR_TYPE: true,
  REQUIRED_GUESTS_NOT_FOR_TYPE: true,
  REQUIRED_GUESTS_NEED_GUEST_MODE: true,
  FORM_IS_SURVEY: true,
  FORM_HAS_FILE_FIELDS: true,
};

function codeMessage(i18n: I18n, error: FieldProblem): string | undefined {
  if (error.code === "SLUG_TAKEN") return i18n._("console.fields.slugTaken");
  if (error.code in SETUP_CODES) return i18n._(`console.calendars.setup.${error.code}`);
  return undefined;
}

const isUnder = (error: FieldProblem, path: string) => error.path === path || error.path.startsWith(`${path}.`);

/** The first error about `path` (or anything inside it). */
export function problemAt(problem: unknown, path: string): FieldProblem | undefined {
  return problem instanceof ApiProblem ? problem.errors.find((e) => isUnder(e, path)) : undefined;
}

/** The message to show next to the field at `path`: the code's own, else the field's `fallbackKey`. */
export function messageAt(i18n: I18n, problem: unknown, path: string, fallbackKey: string): string | undefined {
  const error = problemAt(problem, path);
  return error ? (codeMessage(i18n, error) ?? i18n._(fallbackKey)) : undefined;
}

/** Whether every error of the refusal is shown next to one of the form's `fields`. */
export function isAboutFields(problem: unknown, fields: readonly string[]): boolean {
  return (
    problem instanceof ApiProblem &&
    problem.errors.length > 0 &&
    problem.errors.every((e) => fields.some((path) => isUnder(e, path)))
  );
}
