/**
 * The way back from a booking page to the page of calendars it was chosen on (a group, a team, a
 * list of calendars; routes.ts). Inside an embed there is no browser back button, so the chooser
 * hands its own path to the calendar it links (`?from=`) and the booking page's first step offers it.
 *
 * Only the chooser routes' own shape is taken (no scheme, host or `//`): a `from` in a link cannot
 * send the visitor anywhere else. Paths are without a locale prefix; the link adds the page's own.
 */
const CHOOSER_PATH =
  /^\/widget\/(?:groups?\/[\w-]{1,100}|appointment\/[\w-]{1,100}|booking(?:\/[\w-]{1,100}(?:,[\w-]{1,100}){1,49})?)$/;

export const FROM_PARAM = "from";

/** The chooser path in a booking page's `from` parameter, or null when it is not one. */
export function chooserReturnPath(from: string | null): string | null {
  return from !== null && CHOOSER_PATH.test(from) ? from : null;
}
