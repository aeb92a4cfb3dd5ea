/**
 * The control of a form's typed question — text, long text, e-mail, phone, date, number, money or a
 * dropdown — the same on a form page and in a booking's attached form. The caller's `control` carries
 * the label's aria attributes, the name and the value (kept by React or left to the browser).
 */
import { useLingui } from "@lingui/react";
import type { Field } from "../../core/forms/definition.ts";
import { FormOption, shownText } from "./business-text.tsx";

type Control = {
  id: string;
  name: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  "aria-required": boolean;
} & ({ value: string; onChange(e: { target: { value: string } }): void } | { defaultValue: string });

const INPUT_TYPES: Partial<Record<Field["type"], string>> = { email: "email", phone: "tel", date: "date" };
const AUTOCOMPLETE: Partial<Record<Field["type"], string>> = { email: "email", phone: "tel" };

export function QuestionControl({
  field,
  control,
  chain,
  rows,
  isAutofilled = false,
}: {
  field: Field;
  control: Control;
  /** The page's language chain, for the dropdown's choices. */
  chain: readonly string[];
  /** A long text's height. */
  rows: number;
  /** The visitor's own e-mail or phone is asked (the browser may offer what it remembers). */
  isAutofilled?: boolean;
}) {
  const { i18n } = useLingui();
  if (field.type === "textarea") return <textarea {...control} rows={rows} maxLength={field.maxLength ?? 5000} />;
  if (field.type === "dropdown")
    return (
      <select {...control}>
        <option value="">{i18n._("widget.form.choose")}</option>
        {field.options.map((o) => (
          <FormOption key={o.value} value={o.value} label={o.label} chain={chain} />
        ))}
      </select>
    );
  const autoComplete = isAutofilled ? AUTOCOMPLETE[field.type] : undefined;
  return (
    <input
      {...control}
      type={INPUT_TYPES[field.type] ?? "text"}
      {...(field.type === "number" || field.type === "money" ? { inputMode: "decimal" as const } : {})}
      {...(autoComplete ? { autoComplete } : {})}
      {...(field.type === "text" ? { maxLength: field.maxLength ?? 500 } : {})}
    />
  );
}

/** The choices of a radio, checkboxes or rating question: each value with its text and that text's language. */
export function choicesOf(
  field: Extract<Field, { type: "radio" | "checkboxes" | "dropdown" | "rating" }>,
  chain: readonly string[],
): { value: string; text: string; lang: string | undefined }[] {
  return field.type === "rating"
    ? Array.from({ length: field.max }, (_, i) => ({ value: String(i + 1), text: String(i + 1), lang: undefined }))
    : field.options.map((o) => ({ value: o.value, ...shownText(o.label, chain) }));
}
