/**
 * What the form page's loader and action hand the component, and the mapping of every answer error
 * code to its message (spec §5 wording where the spec has one). Exhaustive: a new code does not
 * compile until it has a message.
 */
import type { PendingUpload } from "../../../app/forms/ports.ts";
import type { Answers, FormDefinition } from "../../../core/forms/definition.ts";
import type { AnswerErrorCode } from "../../../core/forms/validate-answers.ts";

export interface FormPageData {
  readonly id: string;
  readonly kind: "form" | "survey";
  readonly name: string;
  readonly version: number;
  readonly definition: FormDefinition;
  /** Hidden fields filled from the URL. */
  readonly prefill: Answers;
  /** Signed time the page was served (minimum fill time). */
  readonly fill: string;
}

export type FormNotice = "tooFast" | "changed" | "tooLarge";

export type FormActionData =
  | {
      readonly kind: "slide";
      readonly current: string;
      readonly answers: Answers;
      readonly errors: Readonly<Record<string, AnswerErrorCode>>;
      readonly notice?: FormNotice;
      readonly fill?: string;
      /** Files kept so far, by field id (their answers carry only a reference). */
      readonly files?: Readonly<Record<string, PendingUpload>>;
    }
  // Each of the business's texts with its `lang` where it is not the page's (ADR 0061).
  | {
      readonly kind: "done";
      readonly title: string;
      readonly titleLang?: string | undefined;
      readonly body: string;
      readonly bodyLang?: string | undefined;
    }
  | { readonly kind: "disqualified"; readonly message: string; readonly messageLang?: string | undefined };

export const NOTICE_MESSAGES: Readonly<Record<FormNotice, string>> = {
  tooFast: "forms.notice.tooFast",
  changed: "forms.notice.changed",
  tooLarge: "forms.notice.tooLarge",
};

/** Where a survey's place is kept across a reload (sessionStorage, this tab only). */
export const progressKey = (id: string, version: number) => `form-progress:${id}:${version}`;
