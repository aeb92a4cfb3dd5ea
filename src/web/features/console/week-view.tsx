import { useLingui } from "@lingui/react";
import type { BusinessBookingView } from "../../../app/business/ports.ts";
import type { formatters } from "./dates.ts";
import { addDays } from "./dates.ts";
import type { Names } from "./booking-card.tsx";
import { bookingStatusKey } from "./booking-status.ts";
import { visitorName } from "./visitor-name.ts";

interface Props {
  /** The seven dates shown, `YYYY-MM-DD` in the business's zone. */
  firstDate: string;
  bookings: readonly BusinessBookingView[];
  names: Names;
  format: ReturnType<typeof formatters>;
  onOpen(booking: BusinessBookingView): void;
}

const HOUR_PX = 60;

/**
 * Seven days side by side, each booking a block at its time and as tall as it lasts. The hours
 * shown run from the earliest start to the latest end of the week (at least 8:00–18:00). Each day
 * is a list of buttons in time order, so a screen reader or a keyboard walks it as a list.
 */
export function WeekView({ firstDate, bookings, names, format, onOpen }: Props) {
  const { minuteOfDay } = format;
  const { i18n } = useLingui();
  const dates = Array.from({ length: 7 }, (_, i) => addDays(firstDate, i));
  const starts = bookings.map((b) => minuteOfDay(b.startTime));
  const ends = bookings.map((b, i) => Math.max(starts[i]! + 15, starts[i]! + minutesBetween(b.startTime, b.endTime)));
  const firstHour = Math.min(8, ...starts.map((m) => Math.floor(m / 60)));
  const lastHour = Math.max(18, ...ends.map((m) => Math.ceil(m / 60)));
  const hours = Array.from({ length: lastHour - firstHour }, (_, i) => firstHour + i);
  const height = hours.length * HOUR_PX;

  return (
    <div className="console-weekview" style={{ ["--week-height" as string]: `${height}px` }}>
      <div className="console-weekview__hours" aria-hidden="true">
        {hours.map((h) => (
          <span key={h} style={{ top: (h - firstHour) * HOUR_PX }}>
            {format.hour(h)}
          </span>
        ))}
      </div>
      {dates.map((date) => {
        const today = bookings.filter((b) => format.dateOf(b.startTime) === date);
        return (
          <section key={date} className="console-weekview__day" aria-labelledby={`week-${date}`}>
            <h2 id={`week-${date}`}>{format.shortDay(`${date}T12:00:00Z`)}</h2>
            <ol className="console-weekview__column">
              {today.map((b) => {
                const top = ((minuteOfDay(b.startTime) - firstHour * 60) / 60) * HOUR_PX;
                const tall = Math.max(22, (minutesBetween(b.startTime, b.endTime) / 60) * HOUR_PX - 2);
                const visitor = visitorName(b, i18n);
                return (
                  <li key={b.id} style={{ top, height: tall }}>
                    <button
                      type="button"
                      className={`console-weekview__booking console-booking--${b.status}`}
                      onClick={() => onOpen(b)}
                    >
                      <span className="console-weekview__time">{format.time(b.startTime)}</span>{" "}
                      <span className="console-weekview__who">{visitor}</span>
                      <span className="visually-hidden"> {format.timeRange(b.startTime, b.endTime)}</span>
                      <span className="visually-hidden">
                        {" · "}
                        {names.calendar(b.calendarId)} · {i18n._(bookingStatusKey(b))}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

const minutesBetween = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 60_000;
