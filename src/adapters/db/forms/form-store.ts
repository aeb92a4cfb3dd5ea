/**
 * Forms, their versions and submissions on the database. Every statement carries the business
 * (docs/decisions/0007-tenancy.md); saving a changed definition locks the form row, writes the next
 * version to form_versions and makes it current, in one transaction, so two concurrent edits get two
 * versions instead of one lost update.
 */
import { and, count, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Answers, FormDefinition } from "../../../core/forms/definition.ts";
import type { AttachedFormAnswers } from "../../../app/bookings/ports.ts";
import {
  UploadGoneError,
  type FormDirectory,
  type FormStore,
  type NewSubmission,
  type StoredForm,
  type Submission,
  type SubmissionFile,
} from "../../../app/forms/ports.ts";
import type { Db } from "../client.ts";
import { withConflictRetries, type Tx } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";
import { upsertContact } from "../contacts/contact-store.ts";

/** The outbox topic of a stored submission (handled by adapters/forms/submission-notice.ts). */
export const FORM_SUBMITTED_TOPIC = "form_submitted";

/**
 * The submission of a calendar's attached form made while booking (issue 15), in the booking's
 * transaction: the booking's answers, against the version asked, for the booker's contact. The
 * business hears of the booking (its email shows the answers), so no separate notice is sent.
 */
export async function addBookingSubmission(
  tx: Tx,
  booking: {
    id: string;
    businessId: string;
    answers: Readonly<Record<string, unknown>>;
    locale: string;
    contact: { email: string };
  },
  form: AttachedFormAnswers,
  contactId: string | null,
  now: Date,
): Promise<void> {
  await tx.insert(t.formSubmissions).values({
    businessId: booking.businessId,
    formId: form.formId,
    version: form.version,
    answers: { ...booking.answers } as Answers,
    contactEmail: booking.contact.email.trim().toLowerCase() || null,
    contactId,
    bookingId: booking.id,
    consentText: form.consentText,
    consentedAt: form.consentText === null ? null : now,
    locale: booking.locale,
    createdAt: now,
  });
}

type FormRow = typeof t.forms.$inferSelect;
type SubmissionRow = typeof t.formSubmissions.$inferSelect;

const formView = (r: FormRow): StoredForm => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  version: r.version,
  definition: r.definition as unknown as FormDefinition,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const submissionView = (r: SubmissionRow, files: readonly SubmissionFile[] = []): Submission => ({
  id: r.id,
  formId: r.formId,
  version: r.version,
  answers: r.answers,
  contactEmail: r.contactEmail,
  contactId: r.contactId,
  bookingId: r.bookingId,
  consentText: r.consentText,
  consentedAt: r.consentedAt?.toISOString() ?? null,
  isDisqualified: r.isDisqualified,
  endingId: r.endingId,
  locale: r.locale,
  createdAt: r.createdAt.toISOString(),
  files,
});

/** The columns of a claimed upload that describe it (not its bytes). */
const fileColumns = {
  submissionId: t.formUploads.submissionId,
  fieldId: t.formUploads.fieldId,
  name: t.formUploads.fileName,
  contentType: t.formUploads.contentType,
  byteSize: t.formUploads.byteSize,
};

export function createFormStore(db: Db, businessId: string): FormStore {
  const B = businessId;
  const ownForm = (id: string) => and(eq(t.forms.businessId, B), eq(t.forms.id, id));

  async function getForm(id: string): Promise<StoredForm | null> {
    if (!isUuid(id)) return null;
    const [row] = await db.select().from(t.forms).where(ownForm(id));
    return row ? formView(row) : null;
  }

  /** The files of these submissions, by submission id. */
  async function filesOf(submissionIds: readonly string[]): Promise<Map<string, SubmissionFile[]>> {
    const byId = new Map<string, SubmissionFile[]>();
    if (submissionIds.length === 0) return byId;
    const U = t.formUploads;
    const rows = await db
      .select(fileColumns)
      .from(U)
      .where(and(eq(U.businessId, B), inArray(U.submissionId, [...submissionIds])))
      .orderBy(U.fieldId);
    for (const { submissionId, fieldId, ...file } of rows) {
      const list = byId.get(submissionId!) ?? [];
      list.push({ fieldId: fieldId!, ...file });
      byId.set(submissionId!, list);
    }
    return byId;
  }

  return {
    businessId,

    async createForm(input, options) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(t.forms)
          .values({
            ...(options?.id ? { id: options.id } : {}),
            businessId: B,
            kind: input.kind,
            name: input.name,
            definition: input.definition as unknown as Record<string, unknown>,
            version: 1,
          })
          .returning();
        await tx.insert(t.formVersions).values({
          formId: row!.id,
          version: 1,
          businessId: B,
          name: input.name,
          definition: input.definition,
        });
        return formView(row!);
      });
    },

    async updateForm(id, input) {
      if (!isUuid(id)) return null;
      return withConflictRetries(() =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(t.forms).where(ownForm(id)).for("update");
          if (!current) return null;
          const definition = input.definition ?? (current.definition as unknown as FormDefinition);
          const name = input.name ?? current.name;
          const version = current.version + 1;
          await tx.insert(t.formVersions).values({ formId: id, version, businessId: B, name, definition });
          const [row] = await tx
            .update(t.forms)
            .set({ name, definition: definition as unknown as Record<string, unknown>, version, updatedAt: new Date() })
            .where(ownForm(id))
            .returning();
          return formView(row!);
        }),
      );
    },

    getForm,

    async getFormVersion(id, version) {
      const form = await getForm(id);
      if (!form) return null;
      const [row] = await db
        .select()
        .from(t.formVersions)
        .where(
          and(eq(t.formVersions.businessId, B), eq(t.formVersions.formId, id), eq(t.formVersions.version, version)),
        );
      return row ? { ...form, name: row.name, version: row.version, definition: row.definition } : null;
    },

    async listForms() {
      // One grouped count beside the forms, rather than a count per form.
      const S = t.formSubmissions;
      const counts = await db
        .select({ formId: S.formId, n: count() })
        .from(S)
        .where(eq(S.businessId, B))
        .groupBy(S.formId);
      const countOf = new Map(counts.map((c) => [c.formId, Number(c.n)]));
      const rows = await db
        .select()
        .from(t.forms)
        .where(eq(t.forms.businessId, B))
        .orderBy(t.forms.createdAt, t.forms.id);
      return rows.map((r) => {
        const { definition: _, ...summary } = formView(r);
        return { ...summary, submissionCount: countOf.get(r.id) ?? 0 };
      });
    },

    async listSubmissions(formId, page) {
      if (!(await getForm(formId))) return null;
      const S = t.formSubmissions;
      let cursor = undefined;
      if (page.before !== undefined && isUuid(page.before)) {
        const [ref] = await db
          .select({ createdAt: S.createdAt, id: S.id })
          .from(S)
          .where(and(eq(S.businessId, B), eq(S.formId, formId), eq(S.id, page.before)));
        if (ref) cursor = or(lt(S.createdAt, ref.createdAt), and(eq(S.createdAt, ref.createdAt), lt(S.id, ref.id)));
      }
      const rows = await db
        .select()
        .from(S)
        .where(and(eq(S.businessId, B), eq(S.formId, formId), cursor))
        .orderBy(desc(S.createdAt), desc(S.id))
        .limit(page.limit + 1);
      const kept = rows.slice(0, page.limit);
      const files = await filesOf(kept.map((r) => r.id));
      const items = kept.map((r) => submissionView(r, files.get(r.id)));
      return { items, nextBefore: rows.length > page.limit ? (items[items.length - 1]?.id ?? null) : null };
    },

    async getSubmission(formId, submissionId) {
      if (!isUuid(formId) || !isUuid(submissionId)) return null;
      const S = t.formSubmissions;
      const [row] = await db
        .select()
        .from(S)
        .where(and(eq(S.businessId, B), eq(S.formId, formId), eq(S.id, submissionId)));
      return row ? submissionView(row, (await filesOf([row.id])).get(row.id)) : null;
    },

    async addSubmission(submission: NewSubmission, uploads = []) {
      // The business hears of it (owners' email, webhooks) through the outbox, written in the
      // same transaction: no notice of a submission that was not stored, none lost if we crash.
      const row = await db.transaction(async (tx) => {
        // The contact is made or matched in the same transaction: a submission never points nowhere.
        const { contactName, contactPhone, ...row } = submission;
        const contactId = submission.contactEmail
          ? await upsertContact(tx, B, {
              email: submission.contactEmail,
              name: contactName,
              phone: contactPhone,
              at: submission.createdAt,
            })
          : null;
        const [stored] = await tx
          .insert(t.formSubmissions)
          .values({ ...row, contactId, businessId: B })
          .returning();
        await tx.insert(t.outbox).values({
          id: stored!.id,
          businessId: B,
          topic: FORM_SUBMITTED_TOPIC,
          payload: { formId: stored!.formId, submissionId: stored!.id },
        });
        for (const upload of uploads) {
          // Claimed once: a second send of the same page finds it taken and stores nothing.
          const U = t.formUploads;
          const claimed = await tx
            .update(U)
            .set({ submissionId: stored!.id, fieldId: upload.fieldId })
            .where(
              and(
                eq(U.businessId, B),
                eq(U.formId, submission.formId),
                eq(U.tokenHash, upload.tokenHash),
                isNull(U.submissionId),
              ),
            )
            .returning({ id: U.id });
          if (claimed.length === 0) throw new UploadGoneError(upload.fieldId);
        }
        return stored!;
      });
      return submissionView(row, (await filesOf([row.id])).get(row.id));
    },

    async keepUpload(upload) {
      await db.insert(t.formUploads).values({ ...upload, businessId: B, byteSize: upload.content.byteLength });
    },

    async pendingUploads(formId, tokenHashes) {
      const U = t.formUploads;
      const found = new Map<string, { name: string; byteSize: number }>();
      if (tokenHashes.length === 0 || !isUuid(formId)) return found;
      const rows = await db
        .select({ tokenHash: U.tokenHash, name: U.fileName, byteSize: U.byteSize })
        .from(U)
        .where(
          and(
            eq(U.businessId, B),
            eq(U.formId, formId),
            inArray(U.tokenHash, [...tokenHashes]),
            isNull(U.submissionId),
          ),
        );
      for (const { tokenHash, ...upload } of rows) found.set(tokenHash, upload);
      return found;
    },

    async submissionFile(formId, submissionId, fieldId) {
      if (!isUuid(formId) || !isUuid(submissionId)) return null;
      const U = t.formUploads;
      const [row] = await db
        .select({ ...fileColumns, content: U.content })
        .from(U)
        .where(
          and(eq(U.businessId, B), eq(U.formId, formId), eq(U.submissionId, submissionId), eq(U.fieldId, fieldId)),
        );
      if (!row) return null;
      const { submissionId: _, fieldId: field, ...file } = row;
      return { ...file, fieldId: field! };
    },
  };
}

export function createFormDirectory(db: Db): FormDirectory {
  return {
    forBusiness: (businessId) => createFormStore(db, businessId),
    async findPublished(id, kind) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(t.forms)
        .where(and(eq(t.forms.id, id), eq(t.forms.kind, kind)));
      return row ? { businessId: row.businessId, form: formView(row) } : null;
    },
  };
}
