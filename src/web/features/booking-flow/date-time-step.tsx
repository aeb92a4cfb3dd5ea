import { useLingui } from "@lingui/react";
import type { BookingPageData } from "./booking-page.server.ts";
import { formatDayLong, formatMoney, formatTime, monthOf } from "./dates.ts";
import type { FlowState } from "./flow-reducer.ts";
import { MonthCalendar } from "./month-calendar.tsx";
import { staffPrices } from "./pricing.ts";
import { dayEntries } from "./seats.ts";
import { StaffPicker } from "./staff-picker.tsx";
import { TimeZonePicker } from "./time-zone-picker.tsx";

interface Props {
  data: BookingPageData;
  state: FlowState;
  languageTag: string;
  onMonth(month: string): void;
  onDate(date: string): void;
  onSlot(slot: string): void;
  onLoadMore(): void;
  onFindNext(): void;
  onTimezone(zone: string): void;
  onStaff(staffId: string | null): void;
  onConfirmReschedule(): void;
}

export function DateTimeStep({
  data,
  state,
  languageTag,
  onMonth,
  onDate,
  onSlot,
  onLoadMore,
  onFindNext,
  onTimezone,
  onStaff,
  onConfirmReschedule,
}: Props) {
  const { i18n } = useLingui();
  const { config } = data;
  const isLoading = state.slotsStatus === "loading";
  // Full classes count as something to show: the visitor learns they are full.
  const hasAny =
    Object.values(state.slots).some((list) => list.length > 0) ||
    Object.values(state.seats?.full ?? {}).some((list) => list.length > 0);
  const day = state.selectedDate;
  const entries = day ? dayEntries(day, state.slots[day] ?? [], state.seats) : [];
  const shown = entries.slice(0, state.visibleSlots);
  const showStaff =
    !data.isReschedule && (config.type === "round_robin" || config.type === "service") && config.staff.length > 1;
  // A member with their own price (a senior stylist): each one's total, "any available" from the lowest.
  const { totals, lowest } = staffPrices(config, state.carts, state.details, state.offers);
  const money = (minor: number) => formatMoney(minor, config.currency, languageTag);
  const prices =
    config.type === "service" && totals.some((t) => t !== lowest)
      ? {
          any: i18n._("widget.options.from", { price: money(lowest) }),
          ...Object.fromEntries(config.staff.map((m, i) => [m.id, money(totals[i]!)])),
        }
      : undefined;
  return (
    <div className="datetime">
      {showStaff ? <StaffPicker staff={config.staff} value={state.staffId} onChange={onStaff} prices={prices} /> : null}
      <div className="datetime__grid">
        <div className="datetime__calendar">
          <MonthCalendar
            month={state.month}
            languageTag={languageTag}
            slots={state.slots}
            full={state.seats?.full ?? null}
            selectedDate={day}
            today={data.today}
            isLoading={isLoading}
            canGoBack={state.month > monthOf(data.today)}
            onMonth={onMonth}
            onSelect={onDate}
          />
          <TimeZonePicker value={state.timezone} languageTag={languageTag} onChange={onTimezone} />
        </div>
        <div className="datetime__slots" aria-busy={isLoading}>
          {isLoading && !hasAny ? (
            <div className="slots-placeholder" aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                <span key={i} className="slot slot--placeholder" />
              ))}
            </div>
          ) : null}
          {isLoading ? (
            <p className="visually-hidden" role="status">
              {i18n._("widget.slots.loading")}
            </p>
          ) : null}
          {!isLoading && !hasAny ? (
            <div className="empty-state">
              {/* One sentence: the month is named by the calendar's heading beside it (a second line saying
                  "No slots available in <month>" repeated it; walk-through finding). */}
              <p className="empty-state__title">{i18n._("widget.slots.noneThisMonth")}</p>
              <button type="button" className="button" onClick={onFindNext} disabled={state.searchingNext}>
                {i18n._("widget.slots.findNext")}
              </button>
            </div>
          ) : null}
          {hasAny && day ? (
            <>
              <h3 className="slots__title" id="slots-title">
                {formatDayLong(day, languageTag)}
              </h3>
              <ul className="slots" aria-labelledby="slots-title">
                {shown.map((entry) => {
                  const slot = entry.start;
                  const time = formatTime(slot, state.timezone, languageTag);
                  const dayName = formatDayLong(day, languageTag);
                  if (entry.isFull)
                    return (
                      <li key={slot}>
                        <button
                          type="button"
                          data-slot={slot}
                          data-full="true"
                          className="slot slot--full"
                          aria-disabled="true"
                          aria-label={i18n._("widget.slots.fullLabel", { time, day: dayName })}
                        >
                          <span className="slot__time">{time}</span>
                          <span className="slot__seats">{i18n._("widget.slots.full")}</span>
                        </button>
                      </li>
                    );
                  const isSelected = slot === state.selectedSlot;
                  const seats = entry.seatsLeft;
                  return (
                    <li key={slot}>
                      <button
                        type="button"
                        data-slot={slot}
                        className={`slot${isSelected ? " slot--selected" : ""}${seats === null ? "" : " slot--seats"}`}
                        aria-pressed={isSelected}
                        aria-label={
                          seats === null
                            ? i18n._("widget.slots.slotLabel", { time, day: dayName })
                            : i18n._("widget.slots.slotLabelSeats", { time, day: dayName, count: seats })
                        }
                        onClick={() => onSlot(slot)}
                        disabled={state.submitting}
                      >
                        {seats === null ? (
                          time
                        ) : (
                          <>
                            <span className="slot__time">{time}</span>
                            <span className="slot__seats">{i18n._("widget.slots.seatsLeft", { count: seats })}</span>
                          </>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
              {entries.length > shown.length ? (
                <button type="button" className="button button--secondary button--block" onClick={onLoadMore}>
                  {i18n._("widget.slots.loadMore", { count: entries.length - shown.length })}
                </button>
              ) : null}
              {data.isReschedule && state.selectedSlot ? (
                <div className="reschedule-confirm">
                  <button
                    type="button"
                    className="button button--block"
                    onClick={onConfirmReschedule}
                    disabled={state.submitting}
                  >
                    {i18n._("widget.reschedule.confirm", {
                      time: formatTime(state.selectedSlot, state.timezone, languageTag),
                    })}
                  </button>
                </div>
              ) : null}
            </>
          ) : null}
          {hasAny && !day ? <p className="muted">{i18n._("widget.slots.pickDay")}</p> : null}
          {hasAny ? (
            <button type="button" className="link-button find-next" onClick={onFindNext} disabled={state.searchingNext}>
              {i18n._("widget.slots.findNext")}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
