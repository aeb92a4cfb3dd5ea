import { Temporal } from "temporal-polyfill";
import { HOUR_MS, MINUTE_MS } from "./durations.ts";

/**
 * The one module for time-zone conversions. (Over 300 lines on purpose: every zone conversion lives
 * here and nowhere else, so a DST rule is fixed in one place.)
 *
 * Vocabulary (see STYLE.md, "Time"):
 * - an instant is epoch milliseconds, UTC (`EpochMs`);
 * - a local date is `YYYY-MM-DD` (`LocalDate`), meaningful only together with a zone;
 * - a zone is an IANA name.
 *
 * There is no clock here: callers pass `now`.
 *
 * Temporal (polyfilled) is the source of truth for zone rules but costs ~20 µs per lookup, so
 * each zone's offset history is resolved once into `ZoneSegment`s (runs of constant offset between
 * transitions), cached per UTC year, and every conversion afterwards is integer arithmetic plus a
 * binary search. Zone rules do not change while the process runs, so the cache is a pure memo.
 */

export type EpochMs = number;
/** `YYYY-MM-DD`. */
export type LocalDate = string;
/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

// Defined in durations.ts (see there why), and known to most callers from here.
export { HOUR_MS, MINUTE_MS };
/**
 * Length of a *wall-clock* day. Only for arithmetic on local wall time (which has exactly 24 h per
 * day by definition); never add it to an instant to get "the next day".
 */
export const WALL_DAY_MS = 86_400_000;

/** A run of constant UTC offset: instants in [startMs, endMs) have local wall time = instant + offsetMs. */
export interface ZoneSegment {
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  readonly offsetMs: number;
}

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on local dates (proleptic Gregorian, no zone involved)
// ---------------------------------------------------------------------------------------------

/** Year, month, day of a `YYYY-MM-DD` string, or null; by hand, as it runs per request. */
function parseLocalDateParts(value: string): { year: number; month: number; day: number } | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const year = digitAt(value, 0) * 1000 + digitAt(value, 1) * 100 + digitAt(value, 2) * 10 + digitAt(value, 3);
  const month = digitAt(value, 5) * 10 + digitAt(value, 6);
  const day = digitAt(value, 8) * 10 + digitAt(value, 9);
  if (Number.isNaN(year) || Number.isNaN(month) || Number.isNaN(day)) return null;
  return { year, month, day };
}

function digitAt(value: string, index: number): number {
  const d = value.charCodeAt(index) - 48;
  return d >= 0 && d <= 9 ? d : Number.NaN;
}

/** Days since 1970-01-01 for a civil date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function daysInMonth(year: number, month: number): number {
  return daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1);
}

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2026-02-30). */
export function isLocalDate(value: string): boolean {
  const p = parseLocalDateParts(value);
  return p !== null && p.month >= 1 && p.month <= 12 && p.day >= 1 && p.day <= daysInMonth(p.year, p.month);
}

/** Day number (days since 1970-01-01) of a local date; the caller has validated it. */
export function localDateToDayNumber(date: LocalDate): number {
  const p = parseLocalDateParts(date);
  if (!p) throw new RangeError(`not a local date: ${date}`);
  return daysFromCivil(p.year, p.month, p.day);
}

export function dayNumberToLocalDate(dayNumber: number): LocalDate {
  const { year, month, day } = civilFromDays(dayNumber);
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return dayNumberToLocalDate(localDateToDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function diffDays(from: LocalDate, to: LocalDate): number {
  return localDateToDayNumber(to) - localDateToDayNumber(from);
}

export function weekdayOfDayNumber(dayNumber: number): IsoWeekday {
  // 1970-01-01 was a Thursday (ISO 4).
  return (((((dayNumber + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}

export function weekdayOf(date: LocalDate): IsoWeekday {
  return weekdayOfDayNumber(localDateToDayNumber(date));
}

/**
 * Adds calendar months keeping the day of month; returns null when the target month has no such
 * day (RFC 5545 skips those instances rather than clamping, e.g. monthly on the 31st).
 */
export function addMonthsExact(date: LocalDate, months: number): LocalDate | null {
  const { year, month, day } = civilFromDays(localDateToDayNumber(date));
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const mo = (index % 12) + 1;
  if (day > daysInMonth(y, mo)) return null;
  return dayNumberToLocalDate(daysFromCivil(y, mo, day));
}

/** Parses `HH:MM` (00:00–24:00) to minutes of the day; null when malformed. */
export function parseTimeOfDay(value: string): number | null {
  // By hand rather than a regex: schedules are parsed on every availability request.
  if (value.length !== 5 || value.charCodeAt(2) !== 58) return null;
  const hours = digitAt(value, 0) * 10 + digitAt(value, 1);
  const minutes = digitAt(value, 3) * 10 + digitAt(value, 4);
  if (Number.isNaN(hours) || Number.isNaN(minutes)) return null;
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

// ---------------------------------------------------------------------------------------------
// Zone rules
// ---------------------------------------------------------------------------------------------

/** Valid names only: the IANA list is finite, arbitrary invalid input is not, so it is not cached. */
const validZones = new Set<string>();

export function isValidTimeZone(zone: string): boolean {
  if (validZones.has(zone)) return true;
  let ok: boolean;
  try {
    // Only IANA names (and UTC) are accepted: fixed offsets like "+02:00" do not model DST.
    ok =
      zone.length > 0 &&
      !/^[+-]/.test(zone) &&
      Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(zone) !== null;
  } catch {
    ok = false;
  }
  if (ok) validZones.add(zone);
  return ok;
}

function yearStartMs(year: number): EpochMs {
  return daysFromCivil(year, 1, 1) * WALL_DAY_MS;
}

function utcYearOf(ms: EpochMs): number {
  return civilFromDays(Math.floor(ms / WALL_DAY_MS)).year;
}

const segmentsByZoneYear = new Map<string, readonly ZoneSegment[]>();
/**
 * Years come from visitors' queries; a bound keeps odd requests (every year from 0001 to 9999)
 * from growing the memo without limit. Clearing is cheap: entries are rebuilt on demand.
 */
const MAX_CACHED_ZONE_YEARS = 10_000;

/** Offset segments covering exactly the UTC year `year` (first starts at Jan 1, last ends at next Jan 1). */
function segmentsOfYear(zone: string, year: number): readonly ZoneSegment[] {
  const key = `${zone}|${year}`;
  const cached = segmentsByZoneYear.get(key);
  if (cached) return cached;
  const from = yearStartMs(year);
  const to = yearStartMs(year + 1);
  const segments: ZoneSegment[] = [];
  let zdt = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(zone);
  let start = from;
  let offsetMs = zdt.offsetNanoseconds / 1e6;
  for (;;) {
    const next = zdt.getTimeZoneTransition("next");
    const nextMs = next ? next.epochMilliseconds : Number.POSITIVE_INFINITY;
    if (!next || nextMs >= to) {
      segments.push({ startMs: start, endMs: to, offsetMs });
      break;
    }
    segments.push({ startMs: start, endMs: nextMs, offsetMs });
    start = nextMs;
    offsetMs = next.offsetNanoseconds / 1e6;
    zdt = next;
  }
  if (segmentsByZoneYear.size >= MAX_CACHED_ZONE_YEARS) segmentsByZoneYear.clear();
  segmentsByZoneYear.set(key, segments);
  return segments;
}

/**
 * Contiguous offset segments covering at least [fromMs, toMs). Adjacent segments with the same
 * offset (split only by the year cache) are joined. The zone must be valid.
 */
export function getZoneSegments(zone: string, fromMs: EpochMs, toMs: EpochMs): readonly ZoneSegment[] {
  const firstYear = utcYearOf(fromMs);
  const lastYear = utcYearOf(Math.max(fromMs, toMs - 1));
  if (firstYear === lastYear) return segmentsOfYear(zone, firstYear);
  const out: ZoneSegment[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const segment of segmentsOfYear(zone, year)) {
      const last = out[out.length - 1];
      if (last && last.offsetMs === segment.offsetMs && last.endMs === segment.startMs) {
        out[out.length - 1] = { startMs: last.startMs, endMs: segment.endMs, offsetMs: last.offsetMs };
      } else {
        out.push(segment);
      }
    }
  }
  return out;
}

/** Index of the segment containing `ms`, clamped to the ends of the list. */
function segmentIndexAt(segments: readonly ZoneSegment[], ms: EpochMs): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((segments[mid] as ZoneSegment).startMs <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Converts between instants and local wall time for one zone over a span of time, without Temporal
 * after construction. Wall time is expressed as "wall ms": milliseconds since 1970-01-01T00:00 on
 * the local clock.
 */
export class ZoneClock {
  private segments: readonly ZoneSegment[];
  private coveredFrom: EpochMs;
  private coveredTo: EpochMs;

  constructor(
    readonly zone: string,
    fromMs: EpochMs,
    toMs: EpochMs,
  ) {
    // Two wall days of margin: offsets are within ±14 h, so any wall time of a covered instant
    // resolves inside the covered segments.
    this.coveredFrom = fromMs - 2 * WALL_DAY_MS;
    this.coveredTo = toMs + 2 * WALL_DAY_MS;
    this.segments = getZoneSegments(zone, this.coveredFrom, this.coveredTo);
  }

  private ensure(ms: EpochMs): void {
    if (ms >= this.coveredFrom && ms < this.coveredTo) return;
    this.coveredFrom = Math.min(this.coveredFrom, ms - 2 * WALL_DAY_MS);
    this.coveredTo = Math.max(this.coveredTo, ms + 2 * WALL_DAY_MS);
    this.segments = getZoneSegments(this.zone, this.coveredFrom, this.coveredTo);
  }

  offsetMsAt(ms: EpochMs): number {
    this.ensure(ms);
    return (this.segments[segmentIndexAt(this.segments, ms)] as ZoneSegment).offsetMs;
  }

  toWallMs(ms: EpochMs): number {
    return ms + this.offsetMsAt(ms);
  }

  /**
   * The first instant at which the local clock reads `wallMs` or later.
   *
   * - Ordinary times: the unique instant.
   * - Repeated times (clocks go back): the earlier instant, like Temporal's "earlier".
   * - Skipped times (clocks go forward): the transition instant itself. Someone who starts work
   *   at 02:30 on a day the clock jumps from 02:00 to 03:00 is at work from 03:00; Temporal's
   *   "compatible" would say 03:30, losing half an hour that does exist.
   *
   * The function is monotonic, so a local interval [a, b) maps to the instant interval
   * [fromWall(a), fromWall(b)) with no gaps and no double counting.
   */
  fromWallMs(wallMs: number): EpochMs {
    // Offsets are within ±14 h, so the answer lies within a day of wallMs read as UTC.
    this.ensure(wallMs - WALL_DAY_MS);
    this.ensure(wallMs + WALL_DAY_MS);
    const segments = this.segments;
    // First segment whose wall-time range reaches past wallMs (wall end grows monotonically).
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const s = segments[mid] as ZoneSegment;
      if (s.endMs + s.offsetMs > wallMs) hi = mid;
      else lo = mid + 1;
    }
    const s = segments[lo] as ZoneSegment;
    return Math.max(s.startMs, wallMs - s.offsetMs);
  }

  localDateOf(ms: EpochMs): LocalDate {
    return dayNumberToLocalDate(Math.floor(this.toWallMs(ms) / WALL_DAY_MS));
  }

  dayNumberOf(ms: EpochMs): number {
    return Math.floor(this.toWallMs(ms) / WALL_DAY_MS);
  }

  /** First instant of a local date (not always 00:00: some zones skip midnight). */
  startOfDayNumber(dayNumber: number): EpochMs {
    return this.fromWallMs(dayNumber * WALL_DAY_MS);
  }

  startOfDay(date: LocalDate): EpochMs {
    return this.startOfDayNumber(localDateToDayNumber(date));
  }

  // Formatting thousands of slots of the same few days: remember the last date and offset text.
  private lastDay = Number.NaN;
  private lastDate = "";
  private lastOffsetMs = Number.NaN;
  private lastOffset = "";

  /** `2026-03-29T10:00:00+02:00`: ISO 8601 with this zone's offset at that instant. */
  formatIso(ms: EpochMs): string {
    const offsetMs = this.offsetMsAt(ms);
    const wall = ms + offsetMs;
    const dayNumber = Math.floor(wall / WALL_DAY_MS);
    if (dayNumber !== this.lastDay) {
      this.lastDay = dayNumber;
      this.lastDate = dayNumberToLocalDate(dayNumber);
    }
    if (offsetMs !== this.lastOffsetMs) {
      this.lastOffsetMs = offsetMs;
      this.lastOffset = formatOffset(offsetMs);
    }
    const msOfDay = wall - dayNumber * WALL_DAY_MS;
    const minuteOfDay = msOfDay / MINUTE_MS;
    const time = Number.isInteger(minuteOfDay) ? wholeMinuteTimes()[minuteOfDay] : undefined;
    if (time !== undefined) return this.lastDate + time + this.lastOffset;
    const hh = Math.floor(msOfDay / HOUR_MS);
    const mm = Math.floor((msOfDay % HOUR_MS) / MINUTE_MS);
    const ss = Math.floor((msOfDay % MINUTE_MS) / 1000);
    return `${this.lastDate}T${pad2(hh)}:${pad2(mm)}:${pad2(ss)}${this.lastOffset}`;
  }
}

let minuteTimes: readonly string[] | null = null;

/** `T00:00:00` … `T23:59:00`, built once: nearly every formatted instant is a whole minute. */
function wholeMinuteTimes(): readonly string[] {
  if (!minuteTimes)
    minuteTimes = Array.from({ length: 1440 }, (_, m) => `T${pad2(Math.floor(m / 60))}:${pad2(m % 60)}:00`);
  return minuteTimes;
}

function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const abs = Math.abs(Math.round(offsetMs / MINUTE_MS));
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

// ---------------------------------------------------------------------------------------------
// One-off conversions (convenient, slower: each builds a ZoneClock around the instant)
// ---------------------------------------------------------------------------------------------

export function offsetMsAt(zone: string, ms: EpochMs): number {
  return new ZoneClock(zone, ms, ms + 1).offsetMsAt(ms);
}

export function epochMsToLocalDate(ms: EpochMs, zone: string): LocalDate {
  return new ZoneClock(zone, ms, ms + 1).localDateOf(ms);
}

/** Instant of a local date and minute of day (see ZoneClock.fromWallMs for gaps and overlaps). */
export function localDateTimeToEpochMs(date: LocalDate, minuteOfDay: number, zone: string): EpochMs {
  const wall = localDateToDayNumber(date) * WALL_DAY_MS + minuteOfDay * MINUTE_MS;
  return new ZoneClock(zone, wall, wall + 1).fromWallMs(wall);
}

export function startOfLocalDay(date: LocalDate, zone: string): EpochMs {
  return localDateTimeToEpochMs(date, 0, zone);
}

export function formatInstant(ms: EpochMs, zone: string): string {
  return new ZoneClock(zone, ms, ms + 1).formatIso(ms);
}
