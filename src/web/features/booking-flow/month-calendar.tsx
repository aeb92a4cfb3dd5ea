import { useLingui } from "@lingui/react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import {
  addDays,
  addMonths,
  daysInMonth,
  firstDayOfWeek,
  formatDayLong,
  formatDayNumber,
  formatMonth,
  monthGrid,
  weekdayNames,
} from "./dates.ts";

interface Props {
  month: string;
  languageTag: string;
  slots: Record<string, string[]>;
  /** Class calendars showing seats: date → its full classes; a day with only full classes can be opened to see them. */
  full: Readonly<Record<string, readonly string[]>> | null;
  selectedDate: string | null;
  today: string;
  isLoading: boolean;
  canGoBack: boolean;
  onMonth(month: string): void;
  onSelect(date: string): void;
}

/**
 * A month grid with roving focus (the WAI-ARIA date picker's keys): one day is in the tab order — the
 * last one focused —, arrow keys move between days and on into the next or previous month, Home/End
 * to the week's ends, PageUp/PageDown to the same day of the previous or next month. Every day has a
 * full accessible name ("Tuesday, March 3, 4 times available"); days without times are disabled but
 * focusable.
 */
export function MonthCalendar({
  month,
  languageTag,
  slots,
  full,
  selectedDate,
  today,
  isLoading,
  canGoBack,
  onMonth,
  onSelect,
}: Props) {
  const { i18n } = useLingui();
  const firstDay = firstDayOfWeek(languageTag);
  const weeks = useMemo(() => monthGrid(month, firstDay), [month, firstDay]);
  const names = useMemo(() => weekdayNames(languageTag, firstDay), [languageTag, firstDay]);
  const gridRef = useRef<HTMLTableElement>(null);
  /** The day last focused in the grid: it keeps the tab stop. */
  const [activeDate, setActiveDate] = useState<string | null>(null);
  /** A day of another month the keyboard moved to: focused once that month is shown. */
  const focusAfterMonthChange = useRef<string | null>(null);
  const days = weeks.flat().filter((d): d is string => d !== null);
  const focusDate =
    activeDate && activeDate.startsWith(month)
      ? activeDate
      : selectedDate && selectedDate.startsWith(month)
        ? selectedDate
        : (days.find((d) => (slots[d]?.length ?? 0) > 0) ?? (today.startsWith(month) ? today : days[0]));
  const title = formatMonth(month, languageTag);

  const moveFocus = (date: string) => {
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus();
  };
  useEffect(() => {
    const pending = focusAfterMonthChange.current;
    if (pending?.startsWith(month)) {
      focusAfterMonthChange.current = null;
      moveFocus(pending);
    }
  }, [month]);

  /** Focuses `target`, showing its month first when it lies outside this one (not before the first month). */
  const goTo = (target: string) => {
    if (target.startsWith(month)) return moveFocus(target);
    const before = target < days[0]!;
    if (before && !canGoBack) return moveFocus(days[0]!);
    focusAfterMonthChange.current = target;
    onMonth(addMonths(month, before ? -1 : 1));
  };
  /** The same day of the month `delta` months away, or that month's last day when it is shorter. */
  const sameDayIn = (date: string, delta: number) => {
    const other = addMonths(month, delta);
    return `${other}-${String(Math.min(Number(date.slice(8)), daysInMonth(other))).padStart(2, "0")}`;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const column = weeks.find((w) => w.includes(date))?.indexOf(date) ?? 0;
    const step: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -7,
      ArrowDown: 7,
    };
    const weekEnd: Record<string, number> = { Home: -column, End: 6 - column };
    if (event.key in step) {
      event.preventDefault();
      goTo(addDays(date, step[event.key]!));
    } else if (event.key in weekEnd) {
      event.preventDefault();
      // Within the month: the week's first or last day of this month.
      const target = addDays(date, weekEnd[event.key]!);
      moveFocus(target < days[0]! ? days[0]! : target > days.at(-1)! ? days.at(-1)! : target);
    } else if (event.key === "PageUp" && canGoBack) {
      event.preventDefault();
      goTo(sameDayIn(date, -1));
    } else if (event.key === "PageDown") {
      event.preventDefault();
      goTo(sameDayIn(date, 1));
    }
  };

  return (
    <div className="month-calendar" aria-busy={isLoading}>
      <div className="month-calendar__header">
        <h3 className="month-calendar__title" id="month-title" aria-live="polite">
          {title}
        </h3>
        <div className="month-calendar__nav">
          <button
            type="button"
            className="icon-button"
            onClick={() => onMonth(addMonths(month, -1))}
            disabled={!canGoBack}
            aria-label={i18n._("widget.calendar.previousMonth")}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={() => onMonth(addMonths(month, 1))}
            aria-label={i18n._("widget.calendar.nextMonth")}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      <table className="month-calendar__grid" ref={gridRef} aria-labelledby="month-title">
        <thead>
          <tr>
            {names.map(([short, long]) => (
              <th key={long} scope="col" abbr={long}>
                <span aria-hidden="true">{short}</span>
                <span className="visually-hidden">{long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((date, col) => {
                if (!date) return <td key={col} />;
                const count = slots[date]?.length ?? 0;
                const isAvailable = count > 0;
                const isAllFull = !isAvailable && (full?.[date]?.length ?? 0) > 0;
                const isSelected = date === selectedDate;
                const label = `${formatDayLong(date, languageTag)}, ${isAvailable ? i18n._("widget.calendar.timesAvailable", { count }) : isAllFull ? i18n._("widget.calendar.allFull") : i18n._("widget.calendar.noTimes")}`;
                return (
                  <td key={col}>
                    <button
                      type="button"
                      data-date={date}
                      className={`day${isAvailable ? " day--available" : ""}${isAllFull ? " day--full" : ""}${isSelected ? " day--selected" : ""}${date === today ? " day--today" : ""}`}
                      aria-label={label}
                      aria-pressed={isSelected}
                      aria-disabled={!isAvailable && !isAllFull}
                      aria-current={date === today ? "date" : undefined}
                      tabIndex={date === focusDate ? 0 : -1}
                      onClick={() => (isAvailable || isAllFull) && onSelect(date)}
                      onFocus={() => setActiveDate(date)}
                      onKeyDown={(e) => onKeyDown(e, date)}
                    >
                      {formatDayNumber(date)}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
