import { expect, it } from "vitest";
import { readingMinutes } from "./reading-time.ts";

it("counts the words of the text, not of the markup, at 225 a minute", () => {
  expect(readingMinutes("")).toBe(1);
  expect(readingMinutes(`<p class="x">${"word ".repeat(450)}</p>`)).toBe(2);
  expect(readingMinutes(`<img src="a b c d e f"><p>${"w&nbsp;".repeat(10)}</p>`)).toBe(1);
  expect(readingMinutes(`<p>${"word ".repeat(1000)}</p>`)).toBe(4);
});
