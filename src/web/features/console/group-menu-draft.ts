/**
 * Groups (a page listing calendars) and service menus (a page of services booked through one
 * service calendar) as the console's forms hold them, and their business API input. Pure: the
 * screens (console-groups.tsx, console-service-menus.tsx) and their tests share it.
 *
 * A group's calendars are not a field of the group: each calendar names its group (`groupId`) and
 * its place (`position`), as the API has them (input-schemas.ts CalendarPatch). So saving a group's
 * order is one PATCH per calendar whose group or place changed (`groupCalendarChanges`).
 */
import { SLUG } from "./slug.ts";

/** The API's limits (input-schemas.ts): `name` and `description`. */
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;

interface NamedDraft {
  readonly id: string | null;
  readonly name: string;
  readonly slug: string;
  readonly isSlugTyped: boolean;
  readonly description: string;
}

export interface GroupDraft extends NamedDraft {
  readonly isActive: boolean;
  /** The group's calendars, in the order of its page. */
  readonly calendarIds: readonly string[];
}

export interface MenuDraft extends NamedDraft {
  /** The service calendar whose rules apply; "" until chosen. */
  readonly calendarId: string;
  /** The menu's services, in the order of its page. */
  readonly serviceIds: readonly string[];
}

/** What the console reads of a group, a menu and a calendar (GroupSchema, ServiceMenuSchema, CalendarSchema). */
export interface GroupFields {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  readonly isActive: boolean;
  readonly calendarIds: readonly string[];
}
export interface MenuFields {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  readonly calendarId: string;
  readonly serviceIds: readonly string[];
}
export interface CalendarPlace {
  readonly id: string;
  readonly groupId: string | null;
  readonly position: number;
}

const named = { id: null, name: "", slug: "", isSlugTyped: false, description: "" } as const;
export const NEW_GROUP: GroupDraft = { ...named, isActive: true, calendarIds: [] };
export const NEW_MENU: MenuDraft = { ...named, calendarId: "", serviceIds: [] };

const namedOf = (e: { id: string; name: string; slug: string; description: string }) => ({
  id: e.id,
  name: e.name,
  slug: e.slug,
  isSlugTyped: true,
  description: e.description,
});

export const groupDraftOf = (g: GroupFields): GroupDraft => ({
  ...namedOf(g),
  isActive: g.isActive,
  calendarIds: [...g.calendarIds],
});

export const menuDraftOf = (m: MenuFields): MenuDraft => ({
  ...namedOf(m),
  calendarId: m.calendarId,
  serviceIds: [...m.serviceIds],
});

/** Field → catalogue key of its message, at the API's path of that field. */
export type Problems<F extends string> = Partial<Record<F, string>>;

export type GroupField = "name" | "slug" | "description" | "calendarIds";
export type MenuField = "name" | "slug" | "description" | "calendarId" | "serviceIds";

function namedProblems(draft: NamedDraft): Problems<"name" | "slug" | "description"> {
  const problems: Problems<"name" | "slug" | "description"> = {};
  if (draft.name.trim() === "") problems.name = "console.groups.error.name";
  else if (draft.name.trim().length > NAME_MAX) problems.name = "console.groups.error.name";
  if (!SLUG.test(draft.slug.trim())) problems.slug = "console.products.error.slug";
  if (draft.description.length > DESCRIPTION_MAX) problems.description = "console.groups.error.description";
  return problems;
}

/** The group's API input (GroupCreate / GroupPatch) and what the form refuses before sending. */
export function groupBody(draft: GroupDraft) {
  const problems: Problems<GroupField> = namedProblems(draft);
  const body = {
    name: draft.name.trim(),
    slug: draft.slug.trim(),
    description: draft.description,
    isActive: draft.isActive,
  };
  return { problems, body };
}

/** The menu's API input (ServiceMenuCreate / ServiceMenuPatch) and what the form refuses before sending. */
export function menuBody(draft: MenuDraft) {
  const problems: Problems<MenuField> = namedProblems(draft);
  if (draft.calendarId === "") problems.calendarId = "console.menus.error.calendar";
  const body = {
    name: draft.name.trim(),
    slug: draft.slug.trim(),
    description: draft.description,
    calendarId: draft.calendarId,
    serviceIds: [...draft.serviceIds],
  };
  return { problems, body };
}

/**
 * The calendar PATCHes that give group `groupId` exactly `chosen`, in that order: a chosen calendar
 * out of place (another group, none, or another position) joins at its index; a calendar of the
 * group no longer chosen leaves it. Calendars already in place are not written.
 *
 * Positions are the index in the group (0, 1, 2 …): the API orders a group's page by `position`,
 * then by creation — and a calendar belongs to one group at most, so its position is the group's.
 */
export function groupCalendarChanges(
  calendars: readonly CalendarPlace[],
  groupId: string,
  chosen: readonly string[],
): { calendarId: string; body: { groupId: string | null; position?: number } }[] {
  const byId = new Map(calendars.map((c) => [c.id, c]));
  const joins = chosen.flatMap((calendarId, position) => {
    const calendar = byId.get(calendarId);
    return calendar && calendar.groupId === groupId && calendar.position === position
      ? []
      : [{ calendarId, body: { groupId, position } }];
  });
  const leaves = calendars
    .filter((c) => c.groupId === groupId && !chosen.includes(c.id))
    .map((c) => ({ calendarId: c.id, body: { groupId: null } }));
  return [...leaves, ...joins];
}
