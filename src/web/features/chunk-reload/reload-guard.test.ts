import { describe, expect, it } from "vitest";
import { recordReload, shouldReload } from "./reload-guard.ts";

describe("chunk reload guard", () => {
  it("reloads a path not reloaded before", () => {
    expect(shouldReload("/a", 1000, {})).toBe(true);
  });
  it("never reloads the same path again within 10000 ms", () => {
    const log = recordReload("/a", 1000, {});
    expect(shouldReload("/a", 1000 + 9999, log)).toBe(false);
    expect(shouldReload("/a", 1000 + 10_000, log)).toBe(true);
    expect(shouldReload("/b", 1001, log)).toBe(true);
  });
  it("forgets old entries", () => {
    const log = recordReload("/b", 50_000, recordReload("/a", 1000, {}));
    expect(Object.keys(log)).toEqual(["/b"]);
  });
});
