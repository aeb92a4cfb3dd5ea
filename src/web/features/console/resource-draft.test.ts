import { describe, expect, it } from "vitest";
import type { ResourceView } from "../../../app/business/resources.ts";
import {
  needsBody,
  needsDraftOf,
  needsSummary,
  newResourceDraft,
  resourceBody,
  resourceDraftOf,
} from "./resource-draft.ts";

const room: ResourceView = {
  id: "r1",
  name: "Room 1",
  kind: "room",
  capacity: 2,
  timeZone: "Europe/Berlin",
  weeklyHours: null,
  dateOverrides: {},
  serviceIds: [],
  createdAt: "2026-01-01T00:00:00Z",
};

describe("resource drafts", () => {
  it("round-trips a resource and sends trimmed values", () => {
    const draft = resourceDraftOf(room);
    expect(draft).toEqual({ id: "r1", name: "Room 1", kind: "room", capacity: "2", timeZone: "Europe/Berlin" });
    expect(resourceBody({ ...draft, name: "  Room 1 ", capacity: " 12 " })).toEqual({
      body: { name: "Room 1", kind: "room", capacity: 12, timeZone: "Europe/Berlin" },
      problems: {},
    });
  });

  it("says at each field what cannot be sent", () => {
    const { problems } = resourceBody({ ...newResourceDraft(""), name: " ", capacity: "0" });
    expect(problems).toEqual({
      name: "console.resources.error.name",
      capacity: "console.resources.error.capacity",
      timeZone: "console.resources.error.timeZone",
    });
    for (const capacity of ["101", "1.5", "two", "", "-1"])
      expect(resourceBody({ ...resourceDraftOf(room), capacity }).problems).toHaveProperty("capacity");
    expect(resourceBody({ ...resourceDraftOf(room), capacity: "100" }).problems).toEqual({});
  });

  it("shows 'all of' as one need per resource, and sends every need as 'one of'", () => {
    const draft = needsDraftOf([
      { mode: "any", resourceIds: ["r1", "r2"] },
      { mode: "all", resourceIds: ["u1", "u2"] },
    ]);
    expect(draft).toEqual([["r1", "r2"], ["u1"], ["u2"]]);
    expect(needsBody(draft)).toEqual({
      body: [
        { mode: "any", resourceIds: ["r1", "r2"] },
        { mode: "any", resourceIds: ["u1"] },
        { mode: "any", resourceIds: ["u2"] },
      ],
      problems: {},
    });
    expect(needsBody([["r1"], []]).problems).toEqual({ "1.resourceIds": "console.resources.error.needEmpty" });
  });

  it("summarises the needs in the page's language", () => {
    const names: Record<string, string> = { r1: "Room 1", r2: "Room 2", u1: "Ultrasound" };
    const needs = [
      { mode: "any" as const, resourceIds: ["r1", "r2"] },
      { mode: "all" as const, resourceIds: ["u1", "gone"] },
    ];
    expect(needsSummary(needs, (id) => names[id], "en")).toEqual(["Room 1 or Room 2", "Ultrasound"]);
    expect(needsSummary(needs, (id) => names[id], "de")).toEqual(["Room 1 oder Room 2", "Ultrasound"]);
  });
});
