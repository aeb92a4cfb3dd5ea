import { describe, expect, it } from "vitest";
import { isTransientConflict, sqlStateOf, withConflictRetries } from "./kernel.ts";

const pgError = (code: string) => Object.assign(new Error("db"), { code, detail: "d", constraint: "c" });

describe("database kernel", () => {
  it("reads the SQLSTATE through drizzle's wrapping", () => {
    expect(sqlStateOf(new Error("query failed", { cause: pgError("23P01") }))).toEqual({
      code: "23P01",
      detail: "d",
      constraint: "c",
    });
    expect(sqlStateOf(new Error("no code")).code).toBeNull();
  });

  it("runs again on deadlocks and serialization failures, never on other errors", async () => {
    let calls = 0;
    const flaky = () =>
      ++calls < 3 ? Promise.reject(pgError(calls === 1 ? "40P01" : "40001")) : Promise.resolve("ok");
    expect(await withConflictRetries(flaky)).toBe("ok");
    expect(calls).toBe(3);
    let unique = 0;
    await expect(withConflictRetries(() => (unique++, Promise.reject(pgError("23505"))))).rejects.toThrow();
    expect(unique).toBe(1);
    let stuck = 0;
    await expect(withConflictRetries(() => (stuck++, Promise.reject(pgError("40001"))), 2)).rejects.toThrow();
    expect(stuck).toBe(3);
    expect(isTransientConflict(pgError("40P01"))).toBe(true);
  });
});
