/**
 * Storage of forms, surveys and their submissions (issue 15). The business side gets a store bound
 * to one business (docs/decisions/0007-tenancy.md: another business's ids look missing); the public
 * side reads a published definition by id and adds submissions to the business that owns it.
 */
import type { Answers, FormDefinition } from "../../core/forms/definition.ts";

export type FormKind = "form" | "survey";

export interface FormSummary {
  readonly id: string;
  readonly kind: FormKind;
  readonly name: string;
  /** Starts at 1; every saved change of the definition adds one. */
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A form in the business's list: with how many submissions it has, of every version. */
export interface ListedForm extends FormSummary {
  readonly submissionCount: number;
}

export interface StoredForm extends FormSummary {
  readonly definition: FormDefinition;
}

export interface NewSubmission {
  readonly formId: string;
  readonly version: number;
  readonly answers: Answers;
  readonly contactEmail: string | null;
  readonly consentText: string | null;
  readonly consentedAt: Date | null;
  readonly isDisqualified: boolean;
  readonly endingId: string | null;
  readonly locale: string;
  readonly createdAt: Date;
}

export interface Submission extends Omit<NewSubmission, "consentedAt" | "createdAt"> {
  readonly id: string;
  readonly consentedAt: string | null;
  readonly createdAt: string;
}

export interface SubmissionPage {
  readonly items: readonly Submission[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  readonly nextBefore: string | null;
}

export interface FormStore {
  readonly businessId: string;
  createForm(
    input: { kind: FormKind; name: string; definition: FormDefinition },
    options?: { id?: string },
  ): Promise<StoredForm>;
  /** A new version with this definition (and name); null when there is no such form. */
  updateForm(id: string, input: { name?: string; definition?: FormDefinition }): Promise<StoredForm | null>;
  getForm(id: string): Promise<StoredForm | null>;
  /** One earlier (or the current) version; null when the form or the version does not exist. */
  getFormVersion(id: string, version: number): Promise<StoredForm | null>;
  listForms(): Promise<ListedForm[]>;
  /** Newest first, `limit` at a time, older than the submission id `before`; null for an unknown form. */
  listSubmissions(formId: string, page: { limit: number; before?: string }): Promise<SubmissionPage | null>;
  getSubmission(formId: string, submissionId: string): Promise<Submission | null>;
  addSubmission(submission: NewSubmission): Promise<Submission>;
}

export interface FormDirectory {
  forBusiness(businessId: string): FormStore;
  /** The current version of a form by id, with its owner; null when unknown or of the other kind. */
  findPublished(id: string, kind: FormKind): Promise<{ readonly businessId: string; readonly form: StoredForm } | null>;
}
