/**
 * A calendar's attached form on the details step (issue 15): the form's fields in the visitor's
 * language, shown and hidden by the form's own logic (core/forms/logic.ts), as controlled inputs
 * of the widget (answers live in the flow's state, so nothing typed is lost on a refusal). The
 * server checks them with the form engine and answers with `answers.<field id>` errors, shown here.
 * Loaded with the details step only when the calendar has a form, so the booking page's first
 * JavaScript stays as it is.
 */
import { useLingui } from "@lingui/react";
import { Field, FieldError } from "../../components/form-field.tsx";
import type { Field as FormFieldDef, FormDefinition } from "../../../core/forms/definition.ts";
import { shownText } from "../../components/business-text.tsx";
import { choicesOf, QuestionControl } from "../../components/question-control.tsx";
import { isFieldVisible } from "../../../core/forms/logic.ts";
import { fallbackChain, type LocaleCode } from "../../../i18n/locales.ts";
import { FORM_CODE } from "./booking-request.ts";
import { answerErrorMessage } from "../../components/answer-error-messages.ts";

interface Props {
  definition: FormDefinition;
  answers: Readonly<Record<string, string | string[]>>;
  /** The flow's error for a path: a catalogue key, or FORM_CODE and one of the form engine's codes. */
  errorKey(path: string): string | undefined;
  onChange(answers: Record<string, string | string[]>): void;
}

const asText = (v: string | string[] | undefined) => (typeof v === "string" ? v : (v?.[0] ?? ""));
const asList = (v: string | string[] | undefined) => (v === undefined ? [] : typeof v === "string" ? [v] : v);

export default function AttachedFormFields({ definition, answers, errorKey, onChange }: Props) {
  const { i18n } = useLingui();
  const error = (path: string, type: FormFieldDef["type"]) => {
    const key = errorKey(path);
    if (!key) return undefined;
    return i18n._(key.startsWith(FORM_CODE) ? answerErrorMessage(key.slice(FORM_CODE.length), type) : key);
  };
  const chain = fallbackChain(i18n.locale as LocaleCode);
  const fields = (definition.slides[0]?.fields ?? []).filter(
    (f) => f.type !== "file" && f.type !== "hidden" && isFieldVisible(f, answers),
  );
  const set = (id: string, value: string | string[]) => onChange({ ...answers, [id]: value });

  const render = (field: FormFieldDef) => {
    const path = `answers.${field.id}`;
    const id = `field-answers-${field.id}`;
    // The business's words, each marked with its language where it is not the page's (ADR 0061).
    const { text: label, lang: labelLang } = shownText(field.label, chain);
    const help = "help" in field && field.help ? shownText(field.help, chain) : undefined;
    const isRequired = "required" in field && field.required === true;
    const value = answers[field.id];
    const errorText = error(path, field.type);
    switch (field.type) {
      case "static":
        return (
          <p key={field.id} className="form-static" lang={labelLang}>
            {label}
          </p>
        );
      case "image":
        return (
          <figure key={field.id} className="form-image">
            <img src={field.src} alt={label} lang={labelLang} loading="lazy" decoding="async" />
          </figure>
        );
      case "radio":
      case "checkboxes":
      case "rating": {
        const options = choicesOf(field, chain);
        const chosen = asList(value);
        const isMany = field.type === "checkboxes";
        return (
          <fieldset
            key={field.id}
            className={`field field--group${errorText ? " field--invalid" : ""}`}
            aria-describedby={errorText ? `${id}-error` : undefined}
          >
            <legend>
              {labelLang ? <span lang={labelLang}>{label}</span> : label}
              <span className={isRequired ? "field__required" : "field__optional"}>
                {" "}
                {i18n._(isRequired ? "widget.form.requiredMark" : "widget.form.optional")}
              </span>
            </legend>
            {options.map((o, i) => (
              <label key={o.value} className="check">
                <input
                  type={isMany ? "checkbox" : "radio"}
                  id={i === 0 ? id : undefined}
                  name={path}
                  value={o.value}
                  checked={chosen.includes(o.value)}
                  aria-invalid={errorText ? true : undefined}
                  onChange={(e) =>
                    set(
                      field.id,
                      isMany
                        ? e.target.checked
                          ? [...chosen, o.value]
                          : chosen.filter((c) => c !== o.value)
                        : o.value,
                    )
                  }
                />
                <span lang={o.lang}>{o.text}</span>
              </label>
            ))}
            {errorText ? <FieldError id={`${id}-error`} error={errorText} /> : null}
          </fieldset>
        );
      }
      case "consent":
        return (
          <div key={field.id} className={`field${errorText ? " field--invalid" : ""}`}>
            <label className="check" htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                checked={asText(value) === "yes"}
                aria-invalid={Boolean(errorText)}
                aria-required={isRequired}
                aria-describedby={errorText ? `${id}-error` : undefined}
                onChange={(e) => set(field.id, e.target.checked ? "yes" : "")}
              />
              <span lang={labelLang}>{label}</span>
            </label>
            {errorText ? <FieldError id={`${id}-error`} error={errorText} /> : null}
          </div>
        );
      default:
        return (
          <Field
            key={field.id}
            path={path}
            label={field.type === "money" ? `${label} (${field.currency})` : label}
            error={errorText}
            isRequired={isRequired}
            {...(help ? { hint: help.text, hintLang: help.lang } : {})}
            labelLang={labelLang}
          >
            {(props) => {
              const common = {
                ...props,
                name: path,
                value: asText(value),
                onChange: (e: { target: { value: string } }) => set(field.id, e.target.value),
              };
              return <QuestionControl field={field} control={common} chain={chain} rows={3} />;
            }}
          </Field>
        );
    }
  };

  return (
    <fieldset className="form-section">
      <legend>{i18n._("widget.details.questions")}</legend>
      {fields.map(render)}
    </fieldset>
  );
}
