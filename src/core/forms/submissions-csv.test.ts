import { describe, expect, it } from "vitest";
import type { FormDefinition } from "./definition.ts";
import { csvCell, submissionsCsv } from "./submissions-csv.ts";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=1+2", "'=1+2"],
    ["+49 40 123", "'+49 40 123"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])("%s → %s", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });
});

describe("submissionsCsv", () => {
  const definition: FormDefinition = {
    formatVersion: 1,
    slides: [
      {
        id: "s",
        fields: [
          { id: "intro", type: "static", label: { en: "Read me" } },
          { id: "name", type: "text", label: { en: "Name", de: "Name (de)" } },
          {
            id: "topics",
            type: "checkboxes",
            label: { en: "Topics" },
            options: [
              { value: "a", label: { en: "A" } },
              { value: "b", label: { en: "B" } },
            ],
          },
        ],
      },
    ],
    endings: [{ id: "end", kind: "message", title: { en: "Thanks" } }],
  };
  it("writes a header in the language, one row per submission, and keeps answers of removed fields", () => {
    const csv = submissionsCsv(
      definition,
      [
        {
          id: "1",
          createdAt: "2026-11-30T07:00:00.000Z",
          version: 2,
          locale: "de",
          contactEmail: null,
          isDisqualified: false,
          consentText: null,
          consentedAt: null,
          answers: { name: "Ann, Jr.", topics: ["a", "b"], old: "=cmd" },
        },
      ],
      ["de", "en"],
    );
    expect(csv).toBe(
      "id,created_at,version,language,contact_email,disqualified,consent_text,consented_at,Name (de),Topics,old\r\n" +
        '1,2026-11-30T07:00:00.000Z,2,de,,no,,,"Ann, Jr.",a; b,\'=cmd\r\n',
    );
  });
});
