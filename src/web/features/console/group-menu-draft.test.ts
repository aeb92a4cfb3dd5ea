import { describe, expect, it } from "vitest";
import {
  groupBody,
  groupCalendarChanges,
  groupDraftOf,
  menuBody,
  menuDraftOf,
  NEW_GROUP,
  NEW_MENU,
} from "./group-menu-draft.ts";

describe("groupBody and menuBody", () => {
  it("send what was typed, trimmed, and keep the order of the chosen entries", () => {
    const group = { ...NEW_GROUP, name: " Team ", slug: "team ", description: "All of us" };
    expect(groupBody(group)).toEqual({
      problems: {},
      body: { name: "Team", slug: "team", description: "All of us", isActive: true },
    });
    const menu = { ...NEW_MENU, name: "Salon", slug: "salon", calendarId: "c1", serviceIds: ["s2", "s1"] };
    expect(menuBody(menu)).toEqual({
      problems: {},
      body: { name: "Salon", slug: "salon", description: "", calendarId: "c1", serviceIds: ["s2", "s1"] },
    });
  });

  it("name each refusal at its field", () => {
    expect(groupBody({ ...NEW_GROUP, slug: "Not A Slug", description: "x".repeat(5001) }).problems).toEqual({
      name: "console.groups.error.name",
      slug: "console.products.error.slug",
      description: "console.groups.error.description",
    });
    expect(menuBody({ ...NEW_MENU, name: "Salon", slug: "salon" }).problems).toEqual({
      calendarId: "console.menus.error.calendar",
    });
  });

  it("read a stored group or menu back into the form as it was", () => {
    const group = { id: "g", name: "G", slug: "g", description: "", isActive: false, calendarIds: ["a", "b"] };
    expect(groupBody(groupDraftOf(group)).body).toEqual({ name: "G", slug: "g", description: "", isActive: false });
    expect(groupDraftOf(group).calendarIds).toEqual(["a", "b"]);
    const menu = { id: "m", name: "M", slug: "m", description: "d", calendarId: "c", serviceIds: ["s"] };
    expect(menuBody(menuDraftOf(menu)).body).toEqual({
      name: "M",
      slug: "m",
      description: "d",
      calendarId: "c",
      serviceIds: ["s"],
    });
  });
});

describe("groupCalendarChanges", () => {
  const calendars = [
    { id: "a", groupId: "g", position: 0 },
    { id: "b", groupId: "g", position: 1 },
    { id: "c", groupId: null, position: 0 },
    { id: "d", groupId: "other", position: 0 },
  ];

  it("writes nothing when the group is as chosen", () => {
    expect(groupCalendarChanges(calendars, "g", ["a", "b"])).toEqual([]);
  });

  it("moves calendars to their new places, adds from no group or another, and lets go of the rest", () => {
    expect(groupCalendarChanges(calendars, "g", ["d", "b", "c"])).toEqual([
      { calendarId: "a", body: { groupId: null } },
      { calendarId: "d", body: { groupId: "g", position: 0 } },
      { calendarId: "c", body: { groupId: "g", position: 2 } },
    ]);
  });

  it("reorders by position only where a place changed", () => {
    expect(groupCalendarChanges(calendars, "g", ["b", "a"])).toEqual([
      { calendarId: "b", body: { groupId: "g", position: 0 } },
      { calendarId: "a", body: { groupId: "g", position: 1 } },
    ]);
  });
});
