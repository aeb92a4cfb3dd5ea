/**
 * Files on a form's step (issue 15, ADR 0035). A file chosen on the slide shown is checked (size,
 * kind by content) and kept at once, under the hash of a fresh token; the answer becomes
 * "upload:<token>", which the page carries from then on like any other answer — with or without
 * JavaScript — so a visitor never sends the same file twice and a later slide's error loses nothing.
 * Sending the form claims each kept file for the submission (submit-form.ts).
 */
import { randomBytes } from "node:crypto";
import { allFields, type Answers, type AnswerValue, type FormDefinition } from "../../core/forms/definition.ts";
import { checkUpload, UPLOAD_REFERENCE } from "../../core/forms/uploads.ts";
import type { AnswerError } from "../../core/forms/validate-answers.ts";
import type { FormStore, PendingUpload } from "./ports.ts";
import { hashSecretToken } from "../shared/secret-token.ts";

export interface PostedFile {
  readonly fieldId: string;
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface AttachedFiles {
  /** The answers with every newly kept file as its reference, and references no longer kept removed. */
  readonly answers: Answers;
  /** The kept files by field id, as the page shows them ("cv.pdf, 120 KB"). */
  readonly files: Readonly<Record<string, PendingUpload>>;
  readonly errors: readonly AnswerError[];
}

/** The token of a file field's answer ("upload:<token>"), or null when it is not a reference. */
export function uploadToken(answer: AnswerValue | undefined): string | null {
  return typeof answer === "string" && UPLOAD_REFERENCE.test(answer) ? answer.slice("upload:".length) : null;
}

export async function attachFiles(
  store: FormStore,
  input: {
    readonly formId: string;
    readonly definition: FormDefinition;
    /** The slide shown: only its file fields take new files. */
    readonly current: string;
    readonly answers: Answers;
    readonly posted: readonly PostedFile[];
  },
): Promise<AttachedFiles> {
  const answers: Record<string, AnswerValue> = { ...input.answers };
  const errors: AnswerError[] = [];
  const onSlide = input.definition.slides.find((s) => s.id === input.current)?.fields ?? [];
  for (const file of input.posted) {
    const field = onSlide.find((f) => f.id === file.fieldId);
    if (field?.type !== "file" || file.bytes.byteLength === 0) continue;
    const checked = checkUpload(field, file);
    if (!checked.ok) {
      // The file is refused; what the field held before (an earlier file) is kept.
      errors.push({ field: field.id, code: checked.code });
      continue;
    }
    const token = randomBytes(32).toString("base64url");
    await store.keepUpload({
      formId: input.formId,
      tokenHash: hashSecretToken(token),
      fileName: checked.name,
      contentType: checked.kind,
      content: file.bytes,
    });
    answers[field.id] = `upload:${token}`;
  }

  const fileFields = allFields(input.definition).filter((f) => f.type === "file");
  // Each field's token hash, computed once: the lookup and the match use the same value.
  const hashes = new Map<string, string>();
  for (const field of fileFields) {
    const token = uploadToken(answers[field.id]);
    if (token !== null) hashes.set(field.id, hashSecretToken(token));
    else if (answers[field.id] !== undefined) delete answers[field.id];
  }
  const kept = await store.pendingUploads(input.formId, [...hashes.values()]);
  const files: Record<string, PendingUpload> = {};
  for (const [fieldId, hash] of hashes) {
    const upload = kept.get(hash);
    if (upload) files[fieldId] = upload;
    else {
      delete answers[fieldId];
      if (!errors.some((e) => e.field === fieldId)) errors.push({ field: fieldId, code: "FILE_MISSING" });
    }
  }
  return { answers, files, errors };
}
