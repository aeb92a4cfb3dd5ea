import { describe, expect, it } from "vitest";
import {
  asksBooker,
  assignedLocation,
  bookingLocation,
  locationProblem,
  possibleLocations,
  type LocationSources,
  type MeetingLocation,
} from "./location.ts";

const place = (value: string): MeetingLocation => ({ kind: "physical", value });
const ask: MeetingLocation = { kind: "ask_booker", value: "" };

describe("locationProblem", () => {
  it.each([
    [{ kind: "physical", value: "Hafenstraße 12, Hamburg" }, null],
    [{ kind: "physical", value: "  " }, "LOCATION_ADDRESS_REQUIRED"],
    [{ kind: "physical", value: "x".repeat(501) }, "LOCATION_ADDRESS_REQUIRED"],
    [{ kind: "phone", value: "+49 (40) 123-4567" }, null],
    [{ kind: "phone", value: "12345" }, "LOCATION_PHONE_INVALID"],
    [{ kind: "phone", value: "call me" }, "LOCATION_PHONE_INVALID"],
    [{ kind: "phone", value: "+1 234 567 890 123 456 789 01" }, "LOCATION_PHONE_INVALID"],
    [{ kind: "video", value: "https://meet.example.com/room?x=1" }, null],
    [{ kind: "video", value: "http://meet.example.com/room" }, "LOCATION_VIDEO_LINK_INVALID"],
    [{ kind: "video", value: "https://localhost/room" }, "LOCATION_VIDEO_LINK_INVALID"],
    [{ kind: "video", value: "https://user:pw@meet.example.com/" }, "LOCATION_VIDEO_LINK_INVALID"],
    [{ kind: "video", value: "Link sent by email" }, "LOCATION_VIDEO_LINK_INVALID"],
    [{ kind: "ask_booker", value: "" }, null],
  ] as const)("%j → %s", (location, expected) => {
    expect(locationProblem(location)).toBe(expected);
  });
});

describe("which location a booking has", () => {
  it("the member's, else the first service's that has one, else the calendar's", () => {
    expect(bookingLocation(place("cal"), [null, place("svc")], place("staff"))).toEqual(place("staff"));
    expect(bookingLocation(place("cal"), [undefined, place("svc")], null)).toEqual(place("svc"));
    expect(bookingLocation(place("cal"), [], undefined)).toEqual(place("cal"));
    expect(bookingLocation(null, [], undefined)).toBeNull();
  });

  const salon = (type: string): LocationSources<MeetingLocation> => ({
    type,
    location: place("cal"),
    services: [
      { id: "cut", staffIds: ["anna", "liam"] },
      { id: "massage", staffIds: ["anna"], location: place("spa") },
    ],
    staff: [{ id: "anna" }, { id: "liam", location: place("altona") }, { id: "marco", location: ask }],
  });

  it("round robin after assignment: the assigned member's; collective: never a member's", () => {
    expect(assignedLocation(salon("service"), ["cut"], "liam")).toEqual(place("altona"));
    expect(assignedLocation(salon("service"), ["massage"], "anna")).toEqual(place("spa"));
    expect(assignedLocation(salon("round_robin"), [], "anna")).toEqual(place("cal"));
    expect(assignedLocation(salon("collective"), [], "liam")).toEqual(place("cal"));
  });

  it("before assignment: every outcome over who may serve, once each", () => {
    // The cut: Anna (the calendar's) or Liam (his own) — told after booking.
    expect(possibleLocations(salon("service"), ["cut"], null)).toEqual([place("cal"), place("altona")]);
    // The massage: only Anna performs it — the spa, known now.
    expect(possibleLocations(salon("service"), ["massage"], null)).toEqual([place("spa")]);
    expect(possibleLocations(salon("service"), ["cut"], "liam")).toEqual([place("altona")]);
    // Round robin over every member: one of them asks the visitor, so the field is required.
    const rr = possibleLocations(salon("round_robin"), [], null);
    expect(rr).toHaveLength(3);
    expect(asksBooker(rr)).toBe(true);
    expect(asksBooker(possibleLocations(salon("round_robin"), [], "anna"))).toBe(false);
    expect(possibleLocations(salon("collective"), [], null)).toEqual([place("cal")]);
    expect(possibleLocations({ ...salon("personal"), location: null, staff: [] }, [], null)).toEqual([null]);
  });
});
