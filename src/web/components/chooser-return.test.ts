import { describe, expect, it } from "vitest";
import { chooserReturnPath } from "./chooser-return.ts";

describe("the way back to a page of calendars", () => {
  it("takes the chooser routes' paths", () => {
    for (const path of [
      "/widget/groups/massage-team",
      "/widget/group/0c1d2e3f-0000-4000-8000-000000000001",
      "/widget/appointment/northwind",
      "/widget/booking",
      "/widget/booking/00000000-0000-4000-8000-000000000201,00000000-0000-4000-8000-000000000202",
    ])
      expect(chooserReturnPath(path), path).toBe(path);
  });

  it("refuses anything else: other sites, other pages, one calendar, odd characters", () => {
    for (const path of [
      null,
      "",
      "https://evil.example/widget/groups/x",
      "//evil.example/widget/groups/x",
      "/\\evil.example",
      "/widget/groups/x/../../console",
      "/widget/groups/x?y=1",
      "/widget/booking/00000000-0000-4000-8000-000000000201",
      "/console/groups",
      "/de/widget/groups/x",
      "javascript:alert(1)",
    ])
      expect(chooserReturnPath(path), String(path)).toBeNull();
  });
});
