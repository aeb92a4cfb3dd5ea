import { describe, expect, it } from "vitest";
import { createFreeSlotAnswers } from "./free-slot-answers.ts";

describe("free-slot answers", () => {
  const calendar = {};
  const busy = {};

  it("gives an answer back only for the very same calendar and busy index, within its time", () => {
    const answers = createFreeSlotAnswers<string>();
    answers.set("q", calendar, busy, 100, 200, "answer", 10);
    expect(answers.get("q", calendar, busy, 100)).toBe("answer");
    expect(answers.get("q", calendar, busy, 199)).toBe("answer");
    expect(answers.get("other", calendar, busy, 150)).toBeUndefined();
    expect(answers.get("q", calendar, busy, 99)).toBeUndefined();
    answers.set("q", calendar, busy, 100, 200, "answer", 10);
    expect(answers.get("q", calendar, busy, 200)).toBeUndefined();
    answers.set("q", calendar, busy, 100, 200, "answer", 10);
    expect(answers.get("q", {}, busy, 150)).toBeUndefined();
    answers.set("q", calendar, busy, 100, 200, "answer", 10);
    expect(answers.get("q", calendar, {}, 150)).toBeUndefined();
    // What cannot be used again is not kept.
    expect(answers.size).toBe(0);
    answers.set("q", calendar, busy, 100, 100, "answer", 10);
    expect(answers.size).toBe(0);
  });

  it("keeps at most its entries and bytes, dropping the least recently used", () => {
    const answers = createFreeSlotAnswers<string>({ maxEntries: 3, maxBytes: 100 });
    for (const key of ["a", "b", "c"]) answers.set(key, calendar, busy, 0, 10, key, 20);
    expect(answers.get("a", calendar, busy, 1)).toBe("a");
    answers.set("d", calendar, busy, 0, 10, "d", 20);
    expect(answers.get("b", calendar, busy, 1)).toBeUndefined();
    expect(answers.size).toBe(3);
    answers.set("e", calendar, busy, 0, 10, "e", 60);
    expect(answers.bytes).toBeLessThanOrEqual(100);
    expect(answers.get("e", calendar, busy, 1)).toBe("e");
    expect(answers.get("c", calendar, busy, 1)).toBeUndefined();
    answers.set("huge", calendar, busy, 0, 10, "huge", 101);
    expect(answers.get("huge", calendar, busy, 1)).toBeUndefined();
  });
});
