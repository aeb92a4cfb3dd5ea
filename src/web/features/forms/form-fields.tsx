/**
 * One field of a form or survey as HTML that works without JavaScript: native inputs named by the
 * field id, the visitor's value kept as the default, the error next to the field (aria-describedby,
 * aria-invalid). Groups of radios and checkboxes are fieldsets with a legend.
 */
import { useLingui } from "@lingui/react";
import type { PendingUpload } from "../../../app/forms/ports.ts";
import { FieldError, Field as LabelledField } from "../../components/form-field.tsx";
import { shownText } from "../../components/business-text.tsx";
import { choicesOf, QuestionControl } from "../../components/question-control.tsx";
import type { AnswerValue, Field, FileKind } from "../../../core/forms/definition.ts";
import { acceptedKinds, byteSizeText, maxBytesOf } from "../../../core/forms/uploads.ts";

interface Props {
  field: Field;
  value: AnswerValue | undefined;
  error: string | undefined;
  chain: readonly string[];
  /** For a file field: the file kept so far. */
  file?: PendingUpload | undefined;
}

/** How a file kind is called: the format's own name, the same in every language. */
const KIND_NAMES: Readonly<Record<FileKind, string>> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/gif": "GIF",
  "image/webp": "WebP",
  "application/pdf": "PDF",
};

/** The currency's narrow symbol in the page's language ("€", "$", "KWD"), shown beside the amount. */
function currencySymbol(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" });
  return parts.formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
}

const asText = (value: AnswerValue | undefined) => (typeof value === "string" ? value : (value?.[0] ?? ""));
const asList = (value: AnswerValue | undefined) =>
  value === undefined ? [] : typeof value === "string" ? [value] : value;

export function FormField({ field, value, error, chain, file }: Props) {
  const { i18n } = useLingui();
  // The business's words, each marked with its language where it is not the page's (ADR 0061).
  const { text: label, lang: labelLang } = shownText(field.label, chain);
  const help = field.help ? shownText(field.help, chain) : undefined;
  const hint = help?.text;
  const texts = { labelLang, hintLang: help?.lang };
  const id = `field-${field.id}`;
  const errorId = `${id}-error`;
  const isRequired = field.required === true;

  switch (field.type) {
    case "hidden":
      return <input type="hidden" name={field.id} value={asText(value)} />;
    case "static":
      return (
        <p className="form-static" lang={labelLang}>
          {label}
        </p>
      );
    case "image":
      return (
        <figure className="form-image">
          <img src={field.src} alt={label} lang={labelLang} loading="lazy" decoding="async" />
        </figure>
      );
    case "money":
      return (
        <LabelledField
          path={field.id}
          label={`${label} (${field.currency})`}
          error={error}
          isRequired={isRequired}
          hint={hint}
          {...texts}
        >
          {(props) => (
            <div className="field__amount">
              <span className="field__unit" aria-hidden="true">
                {currencySymbol(field.currency, i18n.locale)}
              </span>
              <input
                {...props}
                name={field.id}
                defaultValue={asText(value)}
                type="text"
                inputMode="decimal"
                autoComplete="off"
              />
            </div>
          )}
        </LabelledField>
      );
    case "file": {
      const limits = i18n._("forms.file.limits", {
        kinds: new Intl.ListFormat(i18n.locale, { type: "disjunction" }).format(
          acceptedKinds(field).map((k) => KIND_NAMES[k]),
        ),
        size: byteSizeText(maxBytesOf(field), i18n.locale),
      });
      const keptId = `${id}-kept`;
      return (
        <LabelledField
          path={field.id}
          label={label}
          error={error}
          isRequired={isRequired}
          hint={
            help ? (
              <>
                <span lang={help.lang}>{help.text}</span> {limits}
              </>
            ) : (
              limits
            )
          }
          labelLang={labelLang}
        >
          {(props) => (
            <>
              {file ? (
                <p id={keptId} className="field__file">
                  {i18n._("forms.file.kept", { name: file.name, size: byteSizeText(file.byteSize, i18n.locale) })}
                  <input type="hidden" name={field.id} value={asText(value)} />
                </p>
              ) : null}
              <input
                {...props}
                aria-describedby={
                  [file ? keptId : null, props["aria-describedby"]].filter(Boolean).join(" ") || undefined
                }
                aria-required={isRequired && !file}
                name={field.id}
                type="file"
                accept={acceptedKinds(field).join(",")}
              />
              {file && !isRequired ? (
                <label className="check">
                  <input type="checkbox" name="_remove" value={field.id} />
                  <span>{i18n._("forms.file.remove")}</span>
                </label>
              ) : null}
            </>
          )}
        </LabelledField>
      );
    }
    case "radio":
    case "checkboxes":
    case "rating": {
      const options = choicesOf(field, chain);
      const chosen = asList(value);
      const hintId = hint ? `${id}-hint` : null;
      return (
        <fieldset
          className={`field field--group${error ? " field--invalid" : ""}${field.type === "rating" ? " field--rating" : ""}`}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ") || undefined}
        >
          <legend>
            {labelLang ? <span lang={labelLang}>{label}</span> : label}
            <span className={isRequired ? "field__required" : "field__optional"}>
              {" "}
              {i18n._(isRequired ? "widget.form.requiredMark" : "widget.form.optional")}
            </span>
          </legend>
          {hint ? (
            <p id={hintId!} className="field__hint" lang={help?.lang}>
              {hint}
            </p>
          ) : null}
          {options.map((o) => (
            <label key={o.value} className="check">
              <input
                type={field.type === "checkboxes" ? "checkbox" : "radio"}
                name={field.id}
                value={o.value}
                defaultChecked={chosen.includes(o.value)}
                aria-invalid={error ? true : undefined}
              />
              <span lang={o.lang}>{o.text}</span>
            </label>
          ))}
          {error ? <FieldError id={errorId} error={error} /> : null}
        </fieldset>
      );
    }
    case "consent":
      return (
        <div className={`field${error ? " field--invalid" : ""}`}>
          <label className="check" htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              name={field.id}
              value="yes"
              defaultChecked={asText(value) === "yes"}
              aria-invalid={Boolean(error)}
              aria-required={isRequired}
              aria-describedby={error ? errorId : undefined}
            />
            <span lang={labelLang}>{label}</span>
          </label>
          {error ? <FieldError id={errorId} error={error} /> : null}
        </div>
      );
    default:
      return (
        <LabelledField path={field.id} label={label} error={error} isRequired={isRequired} hint={hint} {...texts}>
          {(props) => {
            const common = { ...props, name: field.id, defaultValue: asText(value) };
            return <QuestionControl field={field} control={common} chain={chain} rows={5} isAutofilled />;
          }}
        </LabelledField>
      );
  }
}
