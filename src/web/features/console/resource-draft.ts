/**
 * Rooms and equipment as the console's editors hold them (issues 18 and 21): text as typed, so a
 * refusal loses nothing; `resourceBody` and `needsBody` turn them into the business API's input and
 * say per API path what cannot be sent at all. Ranges the server checks too (resource-routes.ts)
 * come back at the same paths.
 */
import type { ResourceKind, ResourceView, ServiceResourceNeed } from "../../../app/business/resources.ts";
import { wholeNumberOf } from "./whole-number.ts";

/** The most units one resource may have (resource-routes.ts says the same to the API). */
export const MAX_CAPACITY = 100;

export interface ResourceDraft {
  /** The resource being changed; null while adding one. */
  readonly id: string | null;
  readonly name: string;
  readonly kind: ResourceKind;
  readonly capacity: string;
  readonly timeZone: string;
}

export const newResourceDraft = (timeZone: string): ResourceDraft => ({
  id: null,
  name: "",
  kind: "room",
  capacity: "1",
  timeZone,
});

export const resourceDraftOf = (r: ResourceView): ResourceDraft => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  capacity: String(r.capacity),
  timeZone: r.timeZone,
});

/** The API path of each field → the message said at it, whoever refused it (this check or the server). */
export const RESOURCE_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  name: "console.resources.error.name",
  kind: "console.resources.error.kind",
  capacity: "console.resources.error.capacity",
  timeZone: "console.resources.error.timeZone",
};

export function resourceBody(draft: ResourceDraft): {
  readonly body: { name: string; kind: ResourceKind; capacity: number; timeZone: string };
  readonly problems: Readonly<Record<string, string>>;
} {
  const problems: Record<string, string> = {};
  const name = draft.name.trim();
  if (name === "" || name.length > 200) problems.name = RESOURCE_FIELD_MESSAGES.name!;
  const capacity = wholeNumberOf(draft.capacity, 3);
  if (capacity === null || capacity < 1 || capacity > MAX_CAPACITY)
    problems.capacity = RESOURCE_FIELD_MESSAGES.capacity!;
  if (draft.timeZone === "") problems.timeZone = RESOURCE_FIELD_MESSAGES.timeZone!;
  return { body: { name, kind: draft.kind, capacity: capacity ?? 0, timeZone: draft.timeZone }, problems };
}

/**
 * What a service needs, as the editor shows it: a list of needs, each "one of these" resources.
 * The API's `all` (one unit of each) is the same as one `any` need per resource, so it is shown as
 * those — one way to say each thing, and nothing the editor cannot show.
 */
export type NeedsDraft = readonly (readonly string[])[];

export function needsDraftOf(needs: readonly ServiceResourceNeed[]): NeedsDraft {
  return needs.flatMap((need) => (need.mode === "all" ? need.resourceIds.map((id) => [id]) : [[...need.resourceIds]]));
}

/** The needs to PUT, or per need (`<index>.resourceIds`) the refusal: a need with nothing chosen. */
export function needsBody(draft: NeedsDraft): {
  readonly body: ServiceResourceNeed[];
  readonly problems: Readonly<Record<string, string>>;
} {
  const problems: Record<string, string> = {};
  draft.forEach((ids, i) => {
    if (ids.length === 0) problems[`${i}.resourceIds`] = "console.resources.error.needEmpty";
  });
  return { body: draft.map((ids) => ({ mode: "any", resourceIds: [...ids] })), problems };
}

/** "one of Room 1 or Room 2; Ultrasound" in the page's language; unknown ids are left out. */
export function needsSummary(
  needs: readonly ServiceResourceNeed[],
  nameOf: (id: string) => string | undefined,
  languageTag: string,
): string[] {
  const or = new Intl.ListFormat(languageTag, { type: "disjunction" });
  return needsDraftOf(needs)
    .map((ids) => ids.map(nameOf).filter((n): n is string => n !== undefined))
    .filter((names) => names.length > 0)
    .map((names) => or.format(names));
}
