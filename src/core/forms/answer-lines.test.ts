import { describe, expect, it } from "vitest";
import { answerLines } from "./answer-lines.ts";
import type { FormDefinition } from "./definition.ts";

const definition: FormDefinition = {
  formatVersion: 1,
  slides: [
    {
      id: "s",
      fields: [
        { id: "intro", type: "static", label: { en: "Welcome" } },
        { id: "name", type: "text", label: { en: "Name", de: "Name" } },
        {
          id: "goal",
          type: "radio",
          label: { en: "Goal", de: "Ziel" },
          options: [
            { value: "fit", label: { en: "Fitness", de: "Fitness" } },
            { value: "calm", label: { en: "Calm", de: "Ruhe" } },
          ],
        },
        {
          id: "days",
          type: "checkboxes",
          label: { en: "Days", de: "Tage" },
          options: [
            { value: "mon", label: { en: "Monday", de: "Montag" } },
            { value: "tue", label: { en: "Tuesday", de: "Dienstag" } },
          ],
        },
        { id: "note", type: "textarea", label: { en: "Note" } },
        { id: "photo", type: "image", src: "/studio.png", label: { en: "The studio" } },
        { id: "budget", type: "money", currency: "EUR", label: { en: "Budget", de: "Budget" } },
      ],
    },
  ],
  endings: [{ id: "end", kind: "message", title: { en: "Thanks" } }],
};

describe("answerLines", () => {
  it("labels answers in the reader's language, shows choices by their labels, skips static and empty fields", () => {
    const answers = { name: "Ada", goal: "calm", days: ["mon", "tue"], note: "", budget: "1250.50", old: "kept" };
    expect(answerLines(definition, answers, ["de", "en"])).toEqual([
      { fieldId: "name", label: "Name", value: "Ada" },
      { fieldId: "goal", label: "Ziel", value: "Ruhe" },
      { fieldId: "days", label: "Tage", value: "Montag; Dienstag" },
      // An amount in the reader's language and currency format.
      { fieldId: "budget", label: "Budget", value: "1.250,50\u00a0€" },
      { fieldId: "old", label: "old", value: "kept" },
    ]);
  });

  it("keeps a value no option has any more as it was stored", () => {
    expect(answerLines(definition, { goal: "gone" }, ["en"])).toEqual([
      { fieldId: "goal", label: "Goal", value: "gone" },
    ]);
  });
});
