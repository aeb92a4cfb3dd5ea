import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Field } from "../../components/form-field.tsx";
import { ChoiceField } from "./choice-field.tsx";
import { hasOptions, NEW_QUESTION, QUESTION_KINDS, type QuestionDraft, type QuestionKind } from "./question-draft.ts";
import { moved, ReorderButtons } from "./reorder-buttons.tsx";
import { TextField } from "./text-field.tsx";

/** The API's limit (input-schemas.ts CalendarSettingsSchema.questions). */
const MAX_QUESTIONS = 50;

/**
 * A calendar's questions, asked on the booking's details step: each with its label, its kind of
 * answer, whether it is required and (for choices) its options, one per line; put in order, added
 * and removed with buttons, the focus kept in the section. Each refusal shows at its own field.
 */
export function QuestionsEditor({
  questions,
  onChange,
  errorAt,
}: {
  questions: readonly QuestionDraft[];
  onChange(questions: QuestionDraft[]): void;
  /** The message for the API path of a question's field (`settings.questions.0.label`), if refused. */
  errorAt(path: string, key: string): string | undefined;
}) {
  const { i18n } = useLingui();
  const t = (key: string, values?: Record<string, unknown>) => i18n._(`console.calendars.question.${key}`, values);
  const [status, setStatus] = useState("");
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const nameOf = (q: QuestionDraft, index: number) => q.label.trim() || t("legend", { number: index + 1 });

  return (
    <>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {questions.length === 0 ? <p className="console-muted">{t("none")}</p> : null}
      {questions.map((q, index) => {
        const path = `settings.questions.${index}`;
        return (
          <fieldset key={index} className="console-fieldset console-question">
            <legend>{t("legend", { number: index + 1 })}</legend>
            <TextField
              path={`${path}.label`}
              name={`question${index}Label`}
              label={t("label")}
              error={errorAt(`${path}.label`, "questionLabel") ?? errorAt(`${path}.id`, "questionLabel")}
              isRequired
              value={q.label}
              onChange={(label) => change(index, { label })}
              input={{ maxLength: 200 }}
            />
            <ChoiceField
              path={`${path}.kind`}
              name={`question${index}Kind`}
              label={t("kind")}
              isRequired
              error={errorAt(`${path}.kind`, "questionKind")}
              value={q.kind}
              onChange={(kind) => change(index, { kind: kind as QuestionKind })}
              options={QUESTION_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            />
            {hasOptions(q.kind) ? (
              <Field
                path={`${path}.options`}
                label={t("options")}
                hint={t("optionsHint")}
                isRequired
                error={errorAt(`${path}.options`, "questionOptions")}
              >
                {(aria) => (
                  <textarea
                    {...aria}
                    name={`question${index}Options`}
                    rows={3}
                    value={q.options}
                    onChange={(e) => change(index, { options: e.target.value })}
                  />
                )}
              </Field>
            ) : null}
            <label className="check">
              <input
                type="checkbox"
                name={`question${index}Required`}
                checked={q.required}
                onChange={(e) => change(index, { required: e.target.checked })}
              />
              <span>{t("required")}</span>
            </label>
            <ReorderButtons
              list="questions"
              index={index}
              count={questions.length}
              name={nameOf(q, index)}
              onMove={(to) => {
                onChange(moved(questions, index, to));
                setStatus(
                  i18n._("console.order.moved", { name: nameOf(q, index), number: to + 1, count: questions.length }),
                );
              }}
              onRemove={() => {
                onChange(questions.filter((_, i) => i !== index));
                setStatus(i18n._("console.order.removed", { name: nameOf(q, index) }));
                // The focus stays in the section: on "Add a question".
                requestAnimationFrame(() => document.getElementById("add-question")?.focus());
              }}
            />
          </fieldset>
        );
      })}
      {questions.length < MAX_QUESTIONS ? (
        <p>
          <button
            id="add-question"
            type="button"
            className="console-button console-button--quiet"
            onClick={() => {
              onChange([...questions, NEW_QUESTION]);
              const next = questions.length;
              requestAnimationFrame(() => document.getElementById(`field-settings-questions-${next}-label`)?.focus());
            }}
          >
            {t("add")}
          </button>
        </p>
      ) : null}
    </>
  );
}
