/**
 * The settings of a calendar, in sections: what it is, its times and booking period, its rules and
 * limits, where it takes place, its questions, its price, its reminders, its team and (service
 * calendars) its services. The form holds what was typed as
 * text, so a refusal never loses it; `calendarBody` turns it into the business API's input, and
 * the server's rules (input-schemas.ts, calendar-setup.ts) decide what is valid — one definition.
 */
import { useLingui } from "@lingui/react";
import type { FormEvent, ReactNode } from "react";
import type { CalendarView, ServiceView, StaffView } from "../../../app/business/ports.ts";
import { CALENDAR_TYPES, type CalendarType } from "../../../core/calendar/calendar.ts";
import { lookBusyApplies } from "../../../core/availability/look-busy.ts";
import type { RecurrenceFrequency, RepetitionChoice } from "../../../core/availability/recurring.ts";
import {
  DEFAULT_CALENDAR_SETTINGS,
  requiredGuestsAllowed,
  type MemberInput,
} from "../../../core/calendar/calendar-setup.ts";
import type { LocationKind } from "../../../core/calendar/location.ts";
import { MAX_REMINDERS } from "../../../core/notifications/reminders.ts";
import { minorDigits } from "../../../core/payments/money.ts";
import type { PaymentMode } from "../../../core/payments/payment-plan.ts";
import { Field, FieldError } from "../../components/form-field.tsx";
import { ChoiceField } from "./choice-field.tsx";
import { LocationField } from "./location-field.tsx";
import { QuestionsEditor } from "./questions-editor.tsx";
import { questionsBody, questionDraftOf, type QuestionDraft } from "./question-draft.ts";
import { TextField } from "./text-field.tsx";
import { messageAt, problemAt } from "./field-problems.ts";
import { slugOf } from "./slug.ts";
import { wholeNumberOf } from "./whole-number.ts";

type GuestMode = CalendarView["settings"]["guestMode"];
const GUEST_MODES: readonly GuestMode[] = ["none", "count_only", "collect_detail"];
type DepositKind = "none" | "amount" | "percentage";
type WindowKind = CalendarView["settings"]["bookingWindow"]["kind"];
const WINDOW_KINDS: readonly WindowKind[] = ["rolling_days", "rolling_available_days", "date_range"];
type RoundRobinMode = CalendarView["settings"]["roundRobinMode"];
const ROUND_ROBIN_MODES: readonly RoundRobinMode[] = ["availability", "equal_distribution"];
type RecurrencePolicy = NonNullable<CalendarView["settings"]["recurring"]>["policy"];
const RECURRENCE_POLICIES: readonly RecurrencePolicy[] = ["skip", "book_next", "continue"];
type MemberPriority = MemberInput["priority"];
/** A round-robin member's priority as the API takes it (MemberSchema), low to high; new members are normal. */
const PRIORITIES: readonly MemberPriority[] = [0, 0.5, 1];
const PRIORITY_NAMES: Record<MemberPriority, string> = { 0: "low", 0.5: "normal", 1: "high" };
const NORMAL_PRIORITY: MemberPriority = 0.5;
/**
 * Every repetition the API takes (core/availability/recurring.ts: daily, weekly, monthly, each
 * every 1 to MAX_INTERVAL). Written out, not imported: a value import of recurring.ts would share
 * it with the booking pages' chunks (tests/e2e/bundle-size.e2e.test.ts).
 */
const FREQUENCIES: readonly RecurrenceFrequency[] = ["daily", "weekly", "monthly"];
const INTERVALS = [1, 2, 3, 4] as const;
/** A repetition as the form names it: "weekly/2" for every 2 weeks. */
const repetitionId = (choice: RepetitionChoice) =>
  typeof choice === "string" ? `${choice}/1` : `${choice.frequency}/${choice.interval}`;
/** The API's repetition of a form's id: a plain frequency for every 1, as the API writes it. */
function repetitionOfId(id: string): RepetitionChoice {
  const [frequency, interval] = id.split("/") as [RecurrenceFrequency, string];
  return interval === "1" ? frequency : { frequency, interval: Number(interval) };
}
/** What a new series setting offers until the owner chooses: every week, up to 4 times, taken dates left out. */
const RECURRING_START = { frequencies: ["weekly/1"], maxCount: "4", policy: "skip" as RecurrencePolicy };
/**
 * Every payment mode with its message, exhaustively (a new mode does not compile without one). A
 * type-only import: importing payment-plan.ts's values here split it into a chunk of its own that
 * the booking pages then load too (tests/e2e/bundle-size.e2e.test.ts).
 */
const PAYMENT_MODE_MESSAGES: Record<PaymentMode, string> = {
  none: "payment.none",
  full: "payment.full",
  deposit: "payment.deposit",
};
const PAYMENT_MODES = Object.keys(PAYMENT_MODE_MESSAGES) as PaymentMode[];
/** What each kind of location needs, said when the API refuses it (the same words as a service's). */
const LOCATION_MESSAGES: Record<LocationKind, string> = {
  physical: "console.services.offers.addressRequired",
  phone: "console.services.offers.phoneInvalid",
  video: "console.services.offers.videoInvalid",
  ask_booker: "console.calendars.error.location",
};

export interface CalendarDraft {
  type: CalendarType;
  name: string;
  slug: string;
  description: string;
  duration: string;
  interval: string;
  notice: string;
  bufferBefore: string;
  bufferAfter: string;
  autoConfirm: boolean;
  allowReschedule: boolean;
  allowCancel: boolean;
  guestMode: GuestMode;
  seats: string;
  price: string;
  depositKind: DepositKind;
  deposit: string;
  payment: PaymentMode;
  /** Each reminder's hours before the start, as typed ("24", "1,5"); an empty one is refused at its field. */
  remindBefore: string[];
  /** The follow-up's hours after the end; empty for none. */
  followUp: string;
  remindBySms: boolean;
  /** The booking period: how far ahead visitors may book, in days or between two dates. */
  windowKind: WindowKind;
  windowDays: string;
  windowStart: string;
  windowEnd: string;
  /** Most bookings a day (all, and per staff member); empty for no limit. */
  maxPerDay: string;
  maxPerDayPerStaff: string;
  /** Hours before the start after which visitors can no longer change or cancel; empty for any time. */
  changeCutoff: string;
  locationKind: LocationKind | "";
  locationValue: string;
  questions: QuestionDraft[];
  /** The attached form's id (asked instead of the questions); empty for none. */
  formId: string;
  members: string[];
  /** Each member's round-robin priority (kept for members unticked and ticked again). */
  priorities: Record<string, MemberPriority>;
  /** A collective calendar's primary owner as chosen; see primaryOf for the one sent. */
  primary: string;
  /** Left out of the business's listings; bookable by its direct link (ADR 0025). */
  isPrivate: boolean;
  /** Hours before the start until which a cancelling visitor gets all money back, as typed; empty: always. */
  fullRefund: string;
  services: string[];
  /** Round robin: how "any available" picks the team member. */
  roundRobinMode: RoundRobinMode;
  /** Look Busy: the percentage of free times hidden, as typed; empty or 0 for off. */
  lookBusy: string;
  requireGuests: boolean;
  /** Whether requests (bookings waiting for confirmation) hold their time until decided. */
  unconfirmedBlocks: boolean;
  /** Classes: whether visitors see the seats left. */
  showSeats: boolean;
  /** Recurring bookings: on or off, and (kept while off) the repetitions, most appointments and policy. */
  recurringOn: boolean;
  frequencies: string[];
  maxCount: string;
  policy: RecurrencePolicy;
}

/** Personal and class calendars have one host (calendar-setup.ts); the others a team. */
export const hasOneHost = (type: CalendarType) => type === "personal" || type === "class";

const majorUnits = (minor: number, currency: string) => String(minor / 10 ** minorDigits(currency));

/** A new calendar's form: the default settings (calendar-setup.ts), no team yet. */
export function newDraft(currency: string): CalendarDraft {
  const blank = {
    type: "personal",
    name: "",
    slug: "",
    description: "",
    members: [],
    serviceIds: [],
    formId: null,
    isPrivate: false,
  } as const;
  return draftOf({ ...blank, settings: DEFAULT_CALENDAR_SETTINGS }, currency);
}

/** What the form shows of a calendar. */
type CalendarFields = Pick<
  CalendarView,
  "type" | "name" | "slug" | "description" | "settings" | "members" | "serviceIds" | "formId" | "isPrivate"
>;

export function draftOf(calendar: CalendarFields, currency: string): CalendarDraft {
  const s = calendar.settings;
  return {
    type: calendar.type,
    name: calendar.name,
    slug: calendar.slug,
    description: calendar.description,
    duration: String(s.durationMinutes),
    interval: String(s.slotIntervalMinutes),
    notice: String(s.minimumNoticeMinutes),
    bufferBefore: String(s.bufferBeforeMinutes),
    bufferAfter: String(s.bufferAfterMinutes),
    autoConfirm: s.autoConfirm,
    allowReschedule: s.allowReschedule,
    allowCancel: s.allowCancel,
    guestMode: s.guestMode,
    seats: s.seatsPerSlot ? String(s.seatsPerSlot) : "",
    price: majorUnits(s.priceCents, currency),
    depositKind: s.deposit?.kind ?? "none",
    deposit:
      s.deposit?.kind === "amount"
        ? majorUnits(s.deposit.amountCents, currency)
        : s.deposit?.kind === "percentage"
          ? String(s.deposit.percent)
          : "",
    payment: s.payment ?? "none",
    remindBefore: (s.reminders?.beforeMinutes ?? []).map(hoursOf),
    followUp: s.reminders?.followUpAfterMinutes == null ? "" : hoursOf(s.reminders.followUpAfterMinutes),
    remindBySms: s.reminders?.sms === true,
    windowKind: s.bookingWindow.kind,
    windowDays: s.bookingWindow.kind === "date_range" ? "60" : String(s.bookingWindow.days),
    windowStart: s.bookingWindow.kind === "date_range" ? s.bookingWindow.start : "",
    windowEnd: s.bookingWindow.kind === "date_range" ? s.bookingWindow.end : "",
    maxPerDay: s.maxBookingsPerDay == null ? "" : String(s.maxBookingsPerDay),
    maxPerDayPerStaff: s.maxBookingsPerDayPerStaff == null ? "" : String(s.maxBookingsPerDayPerStaff),
    changeCutoff: s.changeCutoffMinutes == null ? "" : hoursOf(s.changeCutoffMinutes),
    locationKind: s.location?.kind ?? "",
    locationValue: s.location?.value ?? "",
    questions: s.questions.map(questionDraftOf),
    formId: calendar.formId ?? "",
    members: calendar.members.map((m) => m.staffId),
    priorities: Object.fromEntries(calendar.members.map((m) => [m.staffId, m.priority])),
    primary: calendar.members.find((m) => m.isPrimary)?.staffId ?? "",
    isPrivate: calendar.isPrivate,
    fullRefund: s.fullRefundHoursBefore == null ? "" : String(s.fullRefundHoursBefore),
    services: [...calendar.serviceIds],
    roundRobinMode: s.roundRobinMode,
    lookBusy: String(s.lookBusyPercent ?? 0),
    requireGuests: s.requireGuests === true,
    unconfirmedBlocks: s.unconfirmedBlocks,
    showSeats: s.displayAvailableSeats !== false,
    recurringOn: Boolean(s.recurring),
    ...(s.recurring
      ? {
          frequencies: s.recurring.frequencies.map(repetitionId),
          maxCount: String(s.recurring.maxCount),
          policy: s.recurring.policy,
        }
      : RECURRING_START),
  };
}

/**
 * A number as typed ("25", "25,50"); what is not one becomes null, which the API refuses for that
 * field with its path — so the message appears next to it.
 */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "" || !/^-?\d*(?:\.\d*)?$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/** Minutes as the hours an owner thinks in: 1440 → "24", 30 → "0.5". */
const hoursOf = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

/** Hours as typed ("1,5" or "1.5") in whole minutes; not a number → null, refused by the API at its field. */
function minutesOfHours(text: string): number | null {
  const hours = numberOf(text);
  return hours === null ? null : Math.round(hours * 60);
}

/**
 * An optional number: empty is "none" (null). What is not a number is sent as typed, not as null —
 * null would mean "none" here and pass silently; the text is refused by the API at this field.
 */
const orNone = (text: string, read: (text: string) => number | null) =>
  text.trim() === "" ? null : (read(text) ?? text);

/** A whole number as typed; anything else is sent as typed, for the API to refuse at its field. */
const wholeOrTyped = (text: string) => wholeNumberOf(text) ?? text;

/** Series are not offered on service calendars (get-widget-config.ts): the form does not show them there. */
export const recurringShown = (type: CalendarType) => type !== "service";

function minorOf(text: string, currency: string): number | null {
  const n = numberOf(text);
  return n === null ? null : Math.round(n * 10 ** minorDigits(currency));
}

/**
 * A collective calendar's primary owner: the one chosen while still a member, else the first member
 * (as the server decides when none is marked, calendar-setup.ts) — so exactly one is shown and sent.
 */
export const primaryOf = (draft: Pick<CalendarDraft, "members" | "primary">) =>
  draft.members.includes(draft.primary) ? draft.primary : (draft.members[0] ?? "");

/** The business API's calendar input (CalendarCreate, or CalendarPatch without `type`). */
export function calendarBody(draft: CalendarDraft, currency: string, current?: CalendarView) {
  const primary = primaryOf(draft);
  const staffIds = hasOneHost(draft.type) ? draft.members.slice(0, 1) : draft.members;
  const deposit =
    draft.depositKind === "amount"
      ? { kind: "amount" as const, amountCents: minorOf(draft.deposit, currency) }
      : draft.depositKind === "percentage"
        ? { kind: "percentage" as const, percent: numberOf(draft.deposit) }
        : null;
  return {
    ...(current ? {} : { type: draft.type }),
    name: draft.name,
    slug: draft.slug.trim(),
    description: draft.description,
    settings: {
      durationMinutes: numberOf(draft.duration),
      slotIntervalMinutes: numberOf(draft.interval),
      minimumNoticeMinutes: numberOf(draft.notice),
      bufferBeforeMinutes: numberOf(draft.bufferBefore),
      bufferAfterMinutes: numberOf(draft.bufferAfter),
      autoConfirm: draft.autoConfirm,
      allowReschedule: draft.allowReschedule,
      allowCancel: draft.allowCancel,
      guestMode: draft.type === "class" ? "none" : draft.guestMode,
      ...(draft.type === "class"
        ? { seatsPerSlot: numberOf(draft.seats), displayAvailableSeats: draft.showSeats }
        : {}),
      unconfirmedBlocks: draft.unconfirmedBlocks,
      requireGuests: requiredGuestsAllowed(draft.type) && draft.requireGuests,
      // Empty is off; on classes and service calendars Look Busy is not offered (the server refuses it).
      ...(lookBusyApplies(draft.type)
        ? { lookBusyPercent: draft.lookBusy.trim() === "" ? 0 : wholeOrTyped(draft.lookBusy) }
        : {}),
      ...(draft.type === "round_robin" ? { roundRobinMode: draft.roundRobinMode } : {}),
      ...(recurringShown(draft.type)
        ? {
            recurring: draft.recurringOn
              ? {
                  frequencies: draft.frequencies.map(repetitionOfId),
                  maxCount: wholeOrTyped(draft.maxCount),
                  policy: draft.policy,
                }
              : null,
          }
        : {}),
      priceCents: minorOf(draft.price, currency),
      deposit,
      payment: draft.payment,
      fullRefundHoursBefore: orNone(draft.fullRefund, wholeNumberOf),
      reminders: {
        beforeMinutes: draft.remindBefore.map(minutesOfHours),
        followUpAfterMinutes: orNone(draft.followUp, minutesOfHours),
        sms: draft.remindBySms,
      },
      bookingWindow:
        draft.windowKind === "date_range"
          ? { kind: draft.windowKind, start: draft.windowStart, end: draft.windowEnd }
          : { kind: draft.windowKind, days: numberOf(draft.windowDays) },
      maxBookingsPerDay: orNone(draft.maxPerDay, numberOf),
      maxBookingsPerDayPerStaff: orNone(draft.maxPerDayPerStaff, numberOf),
      changeCutoffMinutes: orNone(draft.changeCutoff, minutesOfHours),
      location:
        draft.locationKind === ""
          ? null
          : {
              kind: draft.locationKind,
              value: draft.locationKind === "ask_booker" ? "" : draft.locationValue.trim(),
            },
      questions: questionsBody(draft.questions),
    },
    formId: draft.formId === "" ? null : draft.formId,
    isPrivate: draft.isPrivate,
    // The primary flag only chooses among a collective's members; one host is made primary by the server.
    members: staffIds.map((staffId) => ({
      staffId,
      priority: draft.priorities[staffId] ?? NORMAL_PRIORITY,
      isPrimary: draft.type === "collective" && staffId === primary,
    })),
    ...(draft.type === "service" ? { serviceIds: draft.services } : {}),
  };
}

/** Every path the form shows a message for; a refusal about anything else is shown above it. */
export const CALENDAR_FIELDS = [
  "type",
  "name",
  "slug",
  "description",
  "settings.durationMinutes",
  "settings.slotIntervalMinutes",
  "settings.minimumNoticeMinutes",
  "settings.bufferBeforeMinutes",
  "settings.bufferAfterMinutes",
  "settings.guestMode",
  "settings.requireGuests",
  "settings.seatsPerSlot",
  "settings.lookBusyPercent",
  "settings.recurring.frequencies",
  "settings.recurring.maxCount",
  "settings.priceCents",
  "settings.deposit",
  "settings.payment",
  "settings.fullRefundHoursBefore",
  "settings.reminders.beforeMinutes",
  "settings.reminders.followUpAfterMinutes",
  "settings.bookingWindow",
  "settings.maxBookingsPerDay",
  "settings.maxBookingsPerDayPerStaff",
  "settings.changeCutoffMinutes",
  "settings.location",
  "settings.questions",
  "formId",
  "members",
  "serviceIds",
] as const;

interface Props {
  readonly draft: CalendarDraft;
  readonly onChange: (draft: CalendarDraft) => void;
  readonly onSubmit: () => void;
  readonly problem: unknown;
  readonly busy: boolean;
  readonly isNew: boolean;
  readonly staff: readonly StaffView[];
  readonly services: readonly ServiceView[];
  /** The business's forms and surveys: forms can be attached (a survey is refused by the API). */
  readonly forms: readonly { readonly id: string; readonly name: string; readonly kind: "form" | "survey" }[];
  readonly currency: string;
  readonly submitLabel: string;
}

type CheckKey =
  | "autoConfirm"
  | "allowReschedule"
  | "allowCancel"
  | "unconfirmedBlocks"
  | "showSeats"
  | "requireGuests"
  | "recurringOn"
  | "isPrivate";

type MinutesKey = "duration" | "interval" | "notice" | "bufferBefore" | "bufferAfter";
/** The message of each minutes field's range (input-schemas.ts CalendarSettingsSchema). */
const MINUTES_RANGE: Record<MinutesKey, string> = {
  duration: "minutesFrom5",
  interval: "minutesFrom5",
  notice: "notice",
  bufferBefore: "buffer",
  bufferAfter: "buffer",
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="console-section" aria-labelledby={`section-${id}`}>
      <h2 id={`section-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

export function CalendarForm(props: Props) {
  const { i18n } = useLingui();
  const { draft, onChange, problem, staff, services, currency } = props;
  const set = <K extends keyof CalendarDraft>(key: K, value: CalendarDraft[K]) => onChange({ ...draft, [key]: value });
  const error = (path: string, key: string) => messageAt(i18n, problem, path, `console.calendars.error.${key}`);
  const t = (key: string, values?: Record<string, unknown>) => i18n._(`console.calendars.${key}`, values);
  const oneHost = hasOneHost(draft.type);
  const staffName = (staffId: string) => staff.find((s) => s.id === staffId)?.name ?? staffId;
  const numeric = { inputMode: "numeric" } as const;
  const decimal = { inputMode: "decimal" } as const;

  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }

  /** A number of minutes, with the message of its range. */
  const minutesField = (key: MinutesKey, path: string) => (
    <TextField
      path={path}
      label={t(`field.${key}`)}
      hint={t(`hint.${key}`)}
      error={error(path, MINUTES_RANGE[key])}
      isRequired
      name={key}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      input={numeric}
    />
  );

  /** A date of the booking period (the browser's date picker; typed as YYYY-MM-DD where there is none). */
  const dateField = (key: "windowStart" | "windowEnd", path: string) => (
    <Field
      path={path}
      label={t(`field.${key}`)}
      isRequired
      error={
        error(path, "windowDate") ?? (key === "windowEnd" ? undefined : error("settings.bookingWindow", "windowDate"))
      }
    >
      {(aria) => (
        <input
          {...aria}
          type="date"
          name={key}
          required
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );
  const problemAtLocation = problemAt(problem, "settings.location") !== undefined;

  /** A choice among fixed values, its hint saying what the chosen one does (`field.<key>`, `<labels>.<value>`, `<hints>.<value>`). */
  const explainedChoice = <K extends "windowKind" | "policy" | "roundRobinMode">(
    key: K,
    path: string,
    values: readonly CalendarDraft[K][],
    labels: string,
    hints: string,
  ) => (
    <ChoiceField
      path={path}
      name={key}
      label={t(`field.${key}`)}
      hint={t(`${hints}.${draft[key]}`)}
      isRequired
      error={undefined}
      value={draft[key]}
      onChange={(value) => set(key, value as CalendarDraft[K])}
      options={values.map((value) => ({ value, label: t(`${labels}.${value}`) }))}
    />
  );

  /** A number with its hint (`field.<key>`, `hint.<key>`); an optional one left empty is none. */
  const numberField = (
    key: "changeCutoff" | "maxPerDay" | "maxPerDayPerStaff" | "lookBusy" | "maxCount" | "fullRefund",
    path: string,
    errorKey: string,
    input: typeof numeric | typeof decimal = numeric,
    isRequired = false,
  ) => (
    <TextField
      name={key}
      path={path}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      input={input}
      label={t(`field.${key}`)}
      hint={t(`hint.${key}`)}
      error={error(path, errorKey)}
      isRequired={isRequired}
    />
  );

  /** One team member chosen (`field.<name>`, `hint.<name>`): a single host, a collective's primary owner. */
  const staffChoice = (
    path: string,
    name: "host" | "primary",
    value: string,
    onChange: (staffId: string) => void,
    options: { value: string; label: string }[],
    fieldError?: string,
  ) => (
    <ChoiceField
      path={path}
      name={name}
      label={t(`field.${name}`)}
      hint={t(`hint.${name}`)}
      error={fieldError}
      isRequired
      value={value}
      onChange={onChange}
      options={options}
    />
  );

  /** A yes/no setting with its hint, and the server's refusal of it next to it. */
  const check = (key: CheckKey, hint?: string, fieldError?: string) => {
    const id = `field-${key}`;
    const describedBy = [hint ? `hint-${key}` : null, fieldError ? `${id}-error` : null].filter(Boolean).join(" ");
    return (
      <>
        <label className="check">
          <input
            id={id}
            type="checkbox"
            name={key}
            checked={draft[key]}
            onChange={(e) => set(key, e.target.checked)}
            aria-describedby={describedBy || undefined}
            aria-invalid={fieldError ? true : undefined}
          />
          <span>
            {t(`field.${key}`)}
            {hint ? (
              <span id={`hint-${key}`} className="console-check-hint">
                {hint}
              </span>
            ) : null}
          </span>
        </label>
        {fieldError ? <FieldError id={`${id}-error`} error={fieldError} /> : null}
      </>
    );
  };

  return (
    <form className="console-calendar-form" onSubmit={submit} noValidate>
      <Section id="basics" title={t("section.basics")}>
        {props.isNew ? (
          <ChoiceField
            path="type"
            label={t("field.type")}
            hint={t(`typeHint.${draft.type}`)}
            error={error("type", "type")}
            isRequired
            name="type"
            value={draft.type}
            onChange={(value) => set("type", value as CalendarType)}
            options={CALENDAR_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          />
        ) : (
          <p className="console-calendar-form__type">
            <strong>{t("field.type")}:</strong> {t(`type.${draft.type}`)}
            <span className="console-muted"> — {t(`typeHint.${draft.type}`)}</span>
          </p>
        )}
        <TextField
          path="name"
          label={t("field.name")}
          error={error("name", "name")}
          isRequired
          name="name"
          value={draft.name}
          onChange={(name) => {
            // A new calendar's slug follows its name until the owner types one of their own.
            const follows = props.isNew && draft.slug === slugOf(draft.name);
            onChange({ ...draft, name, ...(follows ? { slug: slugOf(name) } : {}) });
          }}
        />
        <TextField
          path="slug"
          label={t("field.slug")}
          hint={t("hint.slug")}
          error={error("slug", "slug")}
          isRequired
          name="slug"
          value={draft.slug}
          onChange={(value) => set("slug", value)}
          input={{ autoCapitalize: "none", spellCheck: false }}
        />
        {check("isPrivate", t("hint.isPrivate"))}
        <Field path="description" label={t("field.description")} error={error("description", "description")}>
          {(aria) => (
            <textarea
              {...aria}
              name="description"
              rows={3}
              value={draft.description}
              onChange={(e) => set("description", e.target.value)}
            />
          )}
        </Field>
      </Section>

      <Section id="time" title={t("section.time")}>
        <div className="console-form-grid">
          {minutesField("duration", "settings.durationMinutes")}
          {minutesField("interval", "settings.slotIntervalMinutes")}
          {minutesField("notice", "settings.minimumNoticeMinutes")}
          {minutesField("bufferBefore", "settings.bufferBeforeMinutes")}
          {minutesField("bufferAfter", "settings.bufferAfterMinutes")}
        </div>
        <div className="console-form-grid">
          {explainedChoice("windowKind", "settings.bookingWindow.kind", WINDOW_KINDS, "window", "windowHint")}
          {draft.windowKind === "date_range" ? (
            <>
              {dateField("windowStart", "settings.bookingWindow.start")}
              {dateField("windowEnd", "settings.bookingWindow.end")}
            </>
          ) : (
            <TextField
              path="settings.bookingWindow.days"
              label={t("field.windowDays")}
              error={
                error("settings.bookingWindow.days", "windowDays") ?? error("settings.bookingWindow", "windowDays")
              }
              isRequired
              name="windowDays"
              value={draft.windowDays}
              onChange={(value) => set("windowDays", value)}
              input={numeric}
            />
          )}
        </div>
      </Section>

      <Section id="rules" title={t("section.rules")}>
        {check("autoConfirm", t("hint.autoConfirm"))}
        {/* Only requests wait for a decision: with automatic confirmation there are none to hold time. */}
        {draft.autoConfirm ? null : check("unconfirmedBlocks", t("hint.unconfirmedBlocks"))}
        {check("allowReschedule")}
        {check("allowCancel")}
        {draft.type === "class" ? (
          <TextField
            path="settings.seatsPerSlot"
            label={t("field.seats")}
            error={error("settings.seatsPerSlot", "seats")}
            isRequired
            name="seats"
            value={draft.seats}
            onChange={(value) => set("seats", value)}
            input={numeric}
          />
        ) : (
          <ChoiceField
            path="settings.guestMode"
            label={t("field.guestMode")}
            error={error("settings.guestMode", "guestMode")}
            name="guestMode"
            value={draft.guestMode}
            onChange={(value) => set("guestMode", value as GuestMode)}
            options={GUEST_MODES.map((mode) => ({ value: mode, label: t(`guestMode.${mode}`) }))}
          />
        )}
        {draft.type === "class" ? check("showSeats", t("hint.showSeats")) : null}
        {requiredGuestsAllowed(draft.type)
          ? check("requireGuests", t("hint.requireGuests"), error("settings.requireGuests", "requireGuests"))
          : null}
        <div className="console-form-grid">
          {numberField("changeCutoff", "settings.changeCutoffMinutes", "changeCutoff", decimal)}
          {numberField("maxPerDay", "settings.maxBookingsPerDay", "maxPerDay")}
          {oneHost ? null : numberField("maxPerDayPerStaff", "settings.maxBookingsPerDayPerStaff", "maxPerDay")}
          {lookBusyApplies(draft.type) ? numberField("lookBusy", "settings.lookBusyPercent", "lookBusy") : null}
        </div>
      </Section>

      {recurringShown(draft.type) ? (
        <Section id="recurring" title={t("section.recurring")}>
          <p className="console-muted">{t("hint.recurring")}</p>
          {check("recurringOn")}
          {draft.recurringOn ? (
            <>
              <CheckList
                path="settings.recurring.frequencies"
                legend={t("field.frequencies")}
                hint={t("hint.frequencies")}
                error={error("settings.recurring.frequencies", "frequencies")}
                items={FREQUENCIES.flatMap((frequency) =>
                  INTERVALS.map((interval) => ({
                    id: `${frequency}/${interval}`,
                    name: t(`every.${frequency}`, { interval }),
                  })),
                )}
                chosen={draft.frequencies}
                onChange={(ids) => set("frequencies", ids)}
                columns
              />
              <div className="console-form-grid">
                {numberField("maxCount", "settings.recurring.maxCount", "maxCount", numeric, true)}
                {explainedChoice("policy", "settings.recurring.policy", RECURRENCE_POLICIES, "policy", "policyHint")}
              </div>
            </>
          ) : null}
        </Section>
      ) : null}

      <Section id="location" title={t("section.location")}>
        <p className="console-muted">{t("hint.location")}</p>
        <LocationField
          path="settings.location"
          kind={draft.locationKind}
          value={draft.locationValue}
          noneLabel={t("locationNone")}
          error={
            problemAtLocation
              ? i18n._(LOCATION_MESSAGES[draft.locationKind === "" ? "ask_booker" : draft.locationKind])
              : undefined
          }
          onChange={(locationKind, locationValue) => onChange({ ...draft, locationKind, locationValue })}
        />
      </Section>

      <Section id="questions" title={t("section.questions")}>
        <ChoiceField
          path="formId"
          name="formId"
          label={t("field.form")}
          hint={t("hint.form")}
          error={error("formId", "form")}
          value={draft.formId}
          onChange={(value) => set("formId", value)}
          options={[
            { value: "", label: t("formNone") },
            ...props.forms
              .filter((form) => form.kind === "form" || form.id === draft.formId)
              .map((form) => ({ value: form.id, label: form.name })),
          ]}
        />
        <p className="console-muted">{t(draft.formId === "" ? "hint.questions" : "hint.questionsWithForm")}</p>
        {/* With a form attached the questions are not asked: their editor stays only for those already written. */}
        {draft.formId === "" || draft.questions.length > 0 ? (
          <QuestionsEditor
            questions={draft.questions}
            onChange={(questions) => set("questions", questions)}
            errorAt={(path, key) => error(path, key)}
          />
        ) : null}
      </Section>

      <Section id="price" title={t("section.price")}>
        <div className="console-form-grid">
          <TextField
            path="settings.priceCents"
            isRequired={false}
            label={t("field.price", { currency })}
            hint={t("hint.price")}
            error={error("settings.priceCents", "price")}
            name="price"
            value={draft.price}
            onChange={(value) => set("price", value)}
            input={decimal}
          />
          <ChoiceField
            path="settings.payment"
            label={t("field.payment")}
            error={error("settings.payment", "payment")}
            name="payment"
            value={draft.payment}
            onChange={(value) => set("payment", value as PaymentMode)}
            options={PAYMENT_MODES.map((mode) => ({ value: mode, label: t(PAYMENT_MODE_MESSAGES[mode]) }))}
          />
          <ChoiceField
            path="depositKind"
            label={t("field.depositKind")}
            error={undefined}
            name="depositKind"
            value={draft.depositKind}
            onChange={(value) => set("depositKind", value as DepositKind)}
            options={[
              { value: "none", label: t("deposit.none") },
              { value: "amount", label: t("deposit.amount", { currency }) },
              { value: "percentage", label: t("deposit.percentage") },
            ]}
          />
          {draft.depositKind !== "none" ? (
            <TextField
              path="settings.deposit"
              label={t(draft.depositKind === "amount" ? "field.depositAmount" : "field.depositPercent", { currency })}
              error={error("settings.deposit", "deposit")}
              isRequired
              name="deposit"
              value={draft.deposit}
              onChange={(value) => set("deposit", value)}
              input={decimal}
            />
          ) : null}
          {numberField("fullRefund", "settings.fullRefundHoursBefore", "fullRefund")}
        </div>
      </Section>

      <Section id="reminders" title={t("section.reminders")}>
        <p className="console-muted">{t("hint.reminders")}</p>
        {draft.remindBefore.map((value, index) => (
          <div key={index} className="console-reminder">
            <TextField
              path={`settings.reminders.beforeMinutes.${index}`}
              isRequired={false}
              label={t("field.remindBefore", { number: index + 1 })}
              error={error(`settings.reminders.beforeMinutes.${index}`, "remindBefore")}
              name={`remindBefore${index}`}
              value={value}
              onChange={(text) =>
                set(
                  "remindBefore",
                  draft.remindBefore.map((v, i) => (i === index ? text : v)),
                )
              }
              input={decimal}
            />
            <button
              type="button"
              className="console-button console-button--quiet"
              onClick={() => {
                set(
                  "remindBefore",
                  draft.remindBefore.filter((_, i) => i !== index),
                );
                // The focus stays in the section: on "Add a reminder".
                requestAnimationFrame(() => document.getElementById("add-reminder")?.focus());
              }}
            >
              {t("removeReminder", { number: index + 1 })}
            </button>
          </div>
        ))}
        {draft.remindBefore.length < MAX_REMINDERS ? (
          <p>
            <button
              id="add-reminder"
              type="button"
              className="console-button console-button--quiet"
              onClick={() => {
                set("remindBefore", [...draft.remindBefore, ""]);
                const next = draft.remindBefore.length;
                requestAnimationFrame(() =>
                  document.getElementById(`field-settings-reminders-beforeMinutes-${next}`)?.focus(),
                );
              }}
            >
              {t("addReminder")}
            </button>
          </p>
        ) : null}
        <div className="console-reminder">
          <TextField
            path="settings.reminders.followUpAfterMinutes"
            isRequired={false}
            label={t("field.followUp")}
            hint={t("hint.followUp")}
            error={error("settings.reminders.followUpAfterMinutes", "followUp")}
            name="followUp"
            value={draft.followUp}
            onChange={(value) => set("followUp", value)}
            input={decimal}
          />
        </div>
        <label className="check">
          <input
            type="checkbox"
            name="remindBySms"
            checked={draft.remindBySms}
            onChange={(e) => set("remindBySms", e.target.checked)}
          />
          <span>{t("field.remindBySms")}</span>
        </label>
      </Section>

      <Section id="team" title={t("section.team")}>
        {staff.length === 0 ? (
          <p className="console-muted">{t("noStaff")}</p>
        ) : oneHost ? (
          staffChoice(
            "members",
            "host",
            draft.members[0] ?? "",
            (value) => set("members", value ? [value] : []),
            [{ value: "", label: t("chooseHost") }, ...staff.map((s) => ({ value: s.id, label: s.name }))],
            error("members", "members"),
          )
        ) : (
          <CheckList
            path="members"
            legend={t("field.members")}
            hint={t(`membersHint.${draft.type}`)}
            error={error("members", "members")}
            items={staff}
            chosen={draft.members}
            onChange={(ids) => set("members", ids)}
          />
        )}
        {draft.type === "round_robin" && draft.members.length > 0 ? (
          <fieldset className="field field--group" aria-describedby="hint-priorities">
            <legend>{t("field.priorities")}</legend>
            <p id="hint-priorities" className="field__hint">
              {t("hint.priorities")}
            </p>
            <div className="console-form-grid">
              {draft.members.map((staffId, index) => (
                <ChoiceField
                  key={staffId}
                  path={`members.${index}.priority`}
                  name={`priority-${staffId}`}
                  label={t("field.priority", { name: staffName(staffId) })}
                  error={error(`members.${index}.priority`, "priority")}
                  isRequired
                  value={String(draft.priorities[staffId] ?? NORMAL_PRIORITY)}
                  onChange={(value) =>
                    set("priorities", { ...draft.priorities, [staffId]: Number(value) as MemberPriority })
                  }
                  options={PRIORITIES.map((p) => ({ value: String(p), label: t(`priority.${PRIORITY_NAMES[p]}`) }))}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        {draft.type === "collective" && draft.members.length > 0
          ? staffChoice(
              "members.primary",
              "primary",
              primaryOf(draft),
              (value) => set("primary", value),
              draft.members.map((staffId) => ({ value: staffId, label: staffName(staffId) })),
            )
          : null}
        {draft.type === "round_robin"
          ? explainedChoice(
              "roundRobinMode",
              "settings.roundRobinMode",
              ROUND_ROBIN_MODES,
              "roundRobinMode",
              "roundRobinHint",
            )
          : null}
      </Section>

      {draft.type === "service" ? (
        <Section id="services" title={t("section.services")}>
          {services.length === 0 ? (
            <p className="console-muted">{t("noServices")}</p>
          ) : (
            <CheckList
              path="serviceIds"
              legend={t("field.services")}
              hint={t("hint.services")}
              error={error("serviceIds", "services")}
              items={services}
              chosen={draft.services}
              onChange={(ids) => set("services", ids)}
            />
          )}
        </Section>
      ) : null}

      <div className="console-form-actions">
        <button type="submit" className="console-button" disabled={props.busy} aria-busy={props.busy}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Checkboxes in a fieldset with its legend, hint and message (a team, a calendar's services). */
function CheckList(props: {
  path: string;
  legend: string;
  hint: string;
  error: string | undefined;
  items: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  /** Many short choices: in columns where there is room. */
  columns?: boolean;
}) {
  const id = `field-${props.path}`;
  const describedBy = [`${id}-hint`, props.error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset
      className={`field field--group console-checklist${props.error ? " field--invalid" : ""}`}
      aria-describedby={describedBy}
    >
      <legend>{props.legend}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {props.hint}
      </p>
      <div className={props.columns ? "console-checklist__columns" : undefined}>
        {props.items.map((item) => (
          <label key={item.id} className="check">
            <input
              type="checkbox"
              name={props.path}
              value={item.id}
              checked={props.chosen.includes(item.id)}
              onChange={(e) =>
                props.onChange(
                  e.target.checked ? [...props.chosen, item.id] : props.chosen.filter((chosen) => chosen !== item.id),
                )
              }
            />
            <span>{item.name}</span>
          </label>
        ))}
      </div>
      {props.error ? <FieldError id={`${id}-error`} error={props.error} /> : null}
    </fieldset>
  );
}
