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
  /** The first phone answer and a name answer, kept on the contact the email makes or matches. */
  readonly contactName?: string | null;
  readonly contactPhone?: string | null;
  /** Answered while booking on a calendar this form is attached to. */
  readonly bookingId?: string | null;
  readonly consentText: string | null;
  readonly consentedAt: Date | null;
  readonly isDisqualified: boolean;
  readonly endingId: string | null;
  readonly locale: string;
  readonly createdAt: Date;
}

export interface Submission extends Omit<
  NewSubmission,
  "consentedAt" | "createdAt" | "contactName" | "contactPhone" | "bookingId"
> {
  readonly id: string;
  /** The contact the email made or matched (src/app/contacts); null without an email or once erased. */
  readonly contactId: string | null;
  readonly bookingId: string | null;
  readonly consentedAt: string | null;
  readonly createdAt: string;
  /** Files attached to the submission, one per file field answered (the answer holds its name). */
  readonly files: readonly SubmissionFile[];
}

export interface SubmissionFile {
  readonly fieldId: string;
  readonly name: string;
  readonly contentType: string;
  readonly byteSize: number;
}

/** A file a visitor attached on a step, kept until the form is sent (ADR 0035). */
export interface NewUpload {
  readonly formId: string;
  /** SHA-256 of the token the visitor's page carries. */
  readonly tokenHash: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

/** A kept, not yet sent upload as its visitor's page shows it. */
export interface PendingUpload {
  readonly name: string;
  readonly byteSize: number;
}

/** Sending a form whose attached file is no longer kept (unknown token, deleted after a day, sent twice). */
export class UploadGoneError extends Error {
  constructor(readonly fieldId: string) {
    super(`the file of field ${fieldId} is no longer kept`);
  }
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
  /**
   * Stores the submission and claims its files (by token hash, for their fields) in one transaction;
   * throws UploadGoneError, storing nothing, when one is not kept for this form.
   */
  addSubmission(
    submission: NewSubmission,
    uploads?: readonly { readonly fieldId: string; readonly tokenHash: string }[],
  ): Promise<Submission>;
  keepUpload(upload: NewUpload): Promise<void>;
  /** Unsent uploads of this form by token hash; unknown hashes are missing from the map. */
  pendingUploads(formId: string, tokenHashes: readonly string[]): Promise<ReadonlyMap<string, PendingUpload>>;
  /** A submission's file for its field, with its bytes; null when there is none. */
  submissionFile(
    formId: string,
    submissionId: string,
    fieldId: string,
  ): Promise<(SubmissionFile & { readonly content: Uint8Array }) | null>;
}

export interface FormDirectory {
  forBusiness(businessId: string): FormStore;
  /** The current version of a form by id, with its owner; null when unknown or of the other kind. */
  findPublished(id: string, kind: FormKind): Promise<{ readonly businessId: string; readonly form: StoredForm } | null>;
}
