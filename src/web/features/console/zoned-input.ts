/**
 * A `datetime-local` input's value ("2026-12-01T10:00") read as a time in the business's zone, and
 * an instant written back that way: the owner types the wall time their visitors will see.
 */
import { formatInstant, isLocalDate, localDateTimeToEpochMs } from "../../../core/shared/time.ts";

/** The wall time of an ISO instant in `zone`, as a datetime-local input shows it. */
export const localInputOf = (iso: string, zone: string): string => formatInstant(Date.parse(iso), zone).slice(0, 16);

/** The instant (ISO, UTC) of a datetime-local value in `zone`; null when it is no such value. */
export function instantOfLocalInput(value: string, zone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || !isLocalDate(match[1]!)) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 23 || minutes > 59) return null;
  return new Date(localDateTimeToEpochMs(match[1]!, hours * 60 + minutes, zone)).toISOString();
}
