/**
 * Creating and changing calendars as the business: settings are completed from the defaults and
 * checked against the calendar's type, members are normalised (calendar-setup.ts), references to
 * staff, services and groups are checked by the repository (another business's ids: not found).
 */
import type { CalendarSettings, CalendarType } from "../../core/calendar/calendar.ts";
import {
  DEFAULT_CALENDAR_SETTINGS,
  normaliseMembers,
  servicesAllowed,
  settingsErrors,
  type MemberInput,
  type SetupError,
} from "../../core/calendar/calendar-setup.ts";
import {
  notFound,
  refuse,
  type BusinessRepository,
  type CalendarRecordInput,
  type CalendarView,
  type CreateOptions,
  type Result,
} from "./ports.ts";

export interface CalendarCreate {
  readonly slug: string;
  readonly type: CalendarType;
  readonly name: string;
  readonly description?: string;
  readonly groupId?: string | null;
  /** A form of the business asked on the details step instead of the settings' questions; null clears. */
  readonly formId?: string | null;
  readonly isActive?: boolean;
  readonly isPrivate?: boolean;
  readonly position?: number;
  readonly settings?: Partial<CalendarSettings>;
  readonly members?: readonly MemberInput[];
  readonly serviceIds?: readonly string[];
}

export type CalendarPatch = Partial<Omit<CalendarCreate, "type">>;

function check(next: CalendarRecordInput): Result<CalendarRecordInput> {
  const errors: SetupError[] = [];
  const members = normaliseMembers(next.type, next.members);
  if (!members.ok) errors.push(members.error);
  errors.push(...settingsErrors(next.type, next.settings));
  if (!servicesAllowed(next.type) && next.serviceIds.length > 0)
    errors.push({ path: "serviceIds", code: "SERVICES_NOT_FOR_TYPE" });
  if (errors.length > 0 || !members.ok) return refuse({ code: "SETUP_INVALID", errors });
  return { ok: true, value: { ...next, members: members.members } };
}

export async function createCalendar(
  repo: BusinessRepository,
  input: CalendarCreate,
  options?: CreateOptions,
): Promise<Result<CalendarView>> {
  const checked = check({
    slug: input.slug,
    type: input.type,
    name: input.name,
    description: input.description ?? "",
    groupId: input.groupId ?? null,
    formId: input.formId ?? null,
    isActive: input.isActive ?? true,
    isPrivate: input.isPrivate ?? false,
    position: input.position ?? 0,
    settings: { ...DEFAULT_CALENDAR_SETTINGS, ...input.settings },
    members: input.members ?? [],
    serviceIds: [...new Set(input.serviceIds ?? [])],
  });
  if (!checked.ok) return checked;
  return repo.createCalendar(checked.value, options);
}

/** Changes some fields; `settings` is merged into the stored settings, lists are replaced. */
export async function updateCalendar(
  repo: BusinessRepository,
  id: string,
  patch: CalendarPatch,
): Promise<Result<CalendarView>> {
  const current = await repo.getCalendar(id);
  if (!current) return notFound();
  const checked = check({
    slug: patch.slug ?? current.slug,
    type: current.type,
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    groupId: patch.groupId === undefined ? current.groupId : patch.groupId,
    formId: patch.formId === undefined ? current.formId : patch.formId,
    isActive: patch.isActive ?? current.isActive,
    isPrivate: patch.isPrivate ?? current.isPrivate,
    position: patch.position ?? current.position,
    settings: { ...current.settings, ...patch.settings },
    members: patch.members ?? current.members,
    serviceIds: patch.serviceIds ? [...new Set(patch.serviceIds)] : current.serviceIds,
  });
  if (!checked.ok) return checked;
  return repo.replaceCalendar(id, checked.value);
}
