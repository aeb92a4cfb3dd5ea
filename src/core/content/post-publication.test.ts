import { describe, expect, it } from "vitest";
import { isPostPublic, resolvePublishedAt } from "./post-publication.ts";

const NOW = new Date("2026-11-30T07:00:00Z");
const EARLIER = new Date("2026-11-30T06:59:59Z");
const LATER = new Date("2026-11-30T07:00:01Z");

describe("isPostPublic", () => {
  it.each([
    ["published", null, true],
    ["published", LATER, true],
    ["scheduled", EARLIER, true],
    ["scheduled", NOW, true],
    ["scheduled", LATER, false],
    ["scheduled", null, false],
    ["draft", EARLIER, false],
    ["archived", EARLIER, false],
  ] as const)("%s at %s → %s", (status, at, expected) => {
    expect(isPostPublic(status, at, NOW)).toBe(expected);
  });
});

describe("resolvePublishedAt", () => {
  it("stamps now when publishing without a time, and keeps an earlier stamp", () => {
    expect(resolvePublishedAt("published", undefined, null, NOW)).toEqual({ ok: true, value: NOW });
    expect(resolvePublishedAt("published", undefined, EARLIER, NOW)).toEqual({ ok: true, value: EARLIER });
  });
  it("needs a time to schedule", () => {
    expect(resolvePublishedAt("scheduled", undefined, null, NOW)).toEqual({
      ok: false,
      error: { code: "PUBLISH_AT_REQUIRED", path: "publishAt" },
    });
    expect(resolvePublishedAt("scheduled", null, EARLIER, NOW).ok).toBe(false);
    expect(resolvePublishedAt("scheduled", LATER, null, NOW)).toEqual({ ok: true, value: LATER });
  });
  it("leaves drafts and archived posts as set", () => {
    expect(resolvePublishedAt("draft", undefined, null, NOW)).toEqual({ ok: true, value: null });
    expect(resolvePublishedAt("archived", undefined, EARLIER, NOW)).toEqual({ ok: true, value: EARLIER });
  });
});
