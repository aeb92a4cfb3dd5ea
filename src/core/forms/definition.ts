/**
 * The definition of a form or survey (issue 15, domain-notes "Forms & surveys"): plain data, stored
 * as JSON and versioned (ADR 0018). A form is one slide of fields; a survey is several slides. After
 * the last slide — or on a jump to an ending — the answers are submitted and the ending is shown
 * (a thank-you message or a redirect).
 */

/** Text per locale code ("en", "de", "pt-br", …); shown through `localize`'s fallback chain. */
export type LocalizedText = Readonly<Partial<Record<string, string>>>;

export const FORMAT_VERSION = 1;

interface FieldBase {
  /** Unique in the definition; the answer's key and the name of the HTML input. */
  readonly id: string;
  readonly label: LocalizedText;
  readonly help?: LocalizedText;
  readonly required?: boolean;
  /** Shown only while `when` holds ("show"), or hidden while it holds ("hide"). */
  readonly visibility?: { readonly mode: "show" | "hide"; readonly when: ConditionGroup };
}

export interface ChoiceOption {
  readonly value: string;
  readonly label: LocalizedText;
}

export type Field =
  | (FieldBase & { readonly type: "text" | "textarea"; readonly maxLength?: number })
  | (FieldBase & { readonly type: "email" | "phone" | "date" })
  | (FieldBase & { readonly type: "number"; readonly min?: number; readonly max?: number })
  /**
   * An amount of money in `currency` (ISO 4217), typed as a decimal ("45,50"); kept as a decimal
   * with the currency's own minor digits ("45.50", JPY "4500", KWD "1.250"), so that comparisons
   * and the CSV read it as a number. `minMinor` / `maxMinor` bound it in minor units.
   */
  | (FieldBase & {
      readonly type: "money";
      readonly currency: string;
      readonly minMinor?: number;
      readonly maxMinor?: number;
    })
  | (FieldBase & { readonly type: "radio" | "dropdown" | "checkboxes"; readonly options: readonly ChoiceOption[] })
  /** The label is the consent text; its wording is stored with the submission. */
  | (FieldBase & { readonly type: "consent" })
  /** Filled from the URL query parameter `param` (default: the field id); never shown. */
  | (FieldBase & { readonly type: "hidden"; readonly param?: string })
  | (FieldBase & { readonly type: "rating"; readonly max: number })
  /**
   * A file the visitor attaches (one per field): of the kinds `accept` lists (default: every kind of
   * FILE_KINDS), at most `maxBytes` (default and ceiling: uploads.ts). The answer is the file's name;
   * the file itself is kept apart and served only to the business (ADR 0035).
   */
  | (FieldBase & { readonly type: "file"; readonly accept?: readonly FileKind[]; readonly maxBytes?: number })
  /** A block of text; no answer. */
  | (FieldBase & { readonly type: "static" })
  /** An image (https or a path of this site); its label is the image's text alternative. No answer. */
  | (FieldBase & { readonly type: "image"; readonly src: string });

export type FieldType = Field["type"];

/** The kinds of file a form takes: each one recognised by its first bytes, not by its name or the browser's word. */
export const FILE_KINDS = ["image/jpeg", "image/png", "image/gif", "image/webp", "application/pdf"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export type Operator =
  | "equals"
  | "notEquals"
  | "contains"
  | "isEmpty"
  | "isNotEmpty"
  | "greaterThan"
  | "lessThan"
  | "before"
  | "after"
  | "oneOf";

export interface Condition {
  readonly field: string;
  readonly op: Operator;
  /** A string for text/date/choice comparisons, a number for greater/less than, a list for oneOf. */
  readonly value?: string | number | readonly string[];
}

/** Conditions combined with AND or with OR (not mixed, as in GoHighLevel's logic v2). */
export interface ConditionGroup {
  readonly combine: "and" | "or";
  readonly conditions: readonly Condition[];
}

export type LogicAction =
  /** To a slide or an ending (an ending submits). */
  | { readonly type: "jump"; readonly to: string }
  /** Immediately: stop, show the message, submit nothing. After submit: finish, store, show it. */
  | { readonly type: "disqualify"; readonly timing: "immediately" | "afterSubmit"; readonly message: LocalizedText };

/** Evaluated on "Next" in order; the first rule whose conditions hold decides. */
export interface SlideRule {
  readonly when: ConditionGroup;
  readonly action: LogicAction;
}

export interface Slide {
  readonly id: string;
  readonly title?: LocalizedText;
  readonly fields: readonly Field[];
  readonly rules?: readonly SlideRule[];
  /** Where "Next" goes when no rule matches; default: the next slide, after the last one the first ending. */
  readonly fallback?: string;
}

export type Ending =
  | { readonly id: string; readonly kind: "message"; readonly title: LocalizedText; readonly body?: LocalizedText }
  | { readonly id: string; readonly kind: "redirect"; readonly url: string };

export interface FormDefinition {
  readonly formatVersion: typeof FORMAT_VERSION;
  readonly slides: readonly Slide[];
  readonly endings: readonly Ending[];
}

export type AnswerValue = string | readonly string[];
export type Answers = Readonly<Record<string, AnswerValue>>;

/** The text for a locale: the first of `chain` present, else English, else any. */
export function localize(text: LocalizedText | undefined, chain: readonly string[]): string {
  return localizedEntry(text, chain).text;
}

/**
 * The text `localize` picks, with the locale it is written in (the key it was found under), so that
 * a page can mark a text that fell back to another language as that language (WCAG 3.1.2).
 */
export function localizedEntry(
  text: LocalizedText | undefined,
  chain: readonly string[],
): { readonly text: string; readonly locale: string | undefined } {
  if (!text) return { text: "", locale: undefined };
  for (const code of chain) {
    const value = text[code];
    if (value !== undefined && value !== "") return { text: value, locale: code };
  }
  if (text.en !== undefined) return { text: text.en, locale: "en" };
  const [first] = Object.entries(text);
  return first && first[1] !== undefined ? { text: first[1], locale: first[0] } : { text: "", locale: undefined };
}

export function allFields(definition: FormDefinition): Field[] {
  return definition.slides.flatMap((s) => s.fields);
}

/** Fields that take an answer from the visitor (text and image blocks take none). */
export function isAnswerField(field: Field): boolean {
  return field.type !== "static" && field.type !== "image";
}
