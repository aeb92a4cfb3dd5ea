/**
 * A test fails when anything it runs writes to `console.error` it did not expect (issue 12): an
 * error swallowed into a log is a defect hidden by a green test. A test that expects an error says
 * so with `expectConsoleError(pattern)`; the message must then appear.
 */
import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

let unexpected: string[] = [];
let expected: RegExp[] = [];

export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

beforeEach(() => {
  unexpected = [];
  expected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const message = format(...args);
    const index = expected.findIndex((pattern) => pattern.test(message));
    if (index >= 0) expected.splice(index, 1);
    else unexpected.push(message);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length > 0)
    throw new Error(`Unexpected console.error during the test:\n${unexpected.map((m) => `  ${m}`).join("\n")}`);
  if (expected.length > 0)
    throw new Error(`Expected console.error output that never came: ${expected.map(String).join(", ")}`);
});
