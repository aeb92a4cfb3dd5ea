/**
 * Class calendars that show their seats (the free-slots API adds `seats` and `full` per date):
 * the seats left at each offered time, and each date's full classes, kept beside the plain
 * date → times lists the rest of the flow works with.
 */
/** The free-slots answer (api-client.ts SlotsByDate, or the in-process port's read-only copy). */
type SlotsAnswer = Readonly<
  Record<
    string,
    { readonly slots: readonly string[]; readonly seats?: readonly number[]; readonly full?: readonly string[] }
  >
>;

export interface SeatInfo {
  /** Offered start → seats left in its class. */
  readonly left: Readonly<Record<string, number>>;
  /** Date → starts of its full classes, ascending. */
  readonly full: Readonly<Record<string, readonly string[]>>;
}

/** One time in a day's list: offered (with its seats when shown) or a full class. */
export type DayEntry =
  | { readonly start: string; readonly isFull: false; readonly seatsLeft: number | null }
  | { readonly start: string; readonly isFull: true };

/** The API's answer as the flow keeps it: plain times per date, and seats when the calendar shows them. */
export function splitSlots(byDate: SlotsAnswer): { slots: Record<string, string[]>; seats: SeatInfo | null } {
  const slots: Record<string, string[]> = {};
  const left: Record<string, number> = {};
  const full: Record<string, string[]> = {};
  let hasSeats = false;
  for (const [date, day] of Object.entries(byDate)) {
    slots[date] = [...day.slots];
    if (!day.seats && !day.full) continue;
    hasSeats = true;
    day.slots.forEach((start, i) => {
      const n = day.seats?.[i];
      if (n !== undefined) left[start] = n;
    });
    if (day.full && day.full.length > 0) full[date] = [...day.full];
  }
  return { slots, seats: hasSeats ? { left, full } : null };
}

/** A day's times in order, full classes among them. */
export function dayEntries(date: string, slots: readonly string[], seats: SeatInfo | null): DayEntry[] {
  const entries: DayEntry[] = slots.map((start) => ({ start, isFull: false, seatsLeft: seats?.left[start] ?? null }));
  for (const start of seats?.full[date] ?? []) if (!slots.includes(start)) entries.push({ start, isFull: true });
  // By instant: on a day the clocks change, two offsets share a date.
  return entries.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}
