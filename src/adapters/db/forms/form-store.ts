/**
 * Forms, their versions and submissions on the database. Every statement carries the business
 * (docs/decisions/0007-tenancy.md); saving a changed definition locks the form row, writes the next
 * version to form_versions and makes it current, in one transaction, so two concurrent edits get two
 * versions instead of one lost update.
 */
import { and, count, desc, eq, lt, or } from "drizzle-orm";
import type { FormDefinition } from "../../../core/forms/definition.ts";
import type { FormDirectory, FormStore, NewSubmission, StoredForm, Submission } from "../../../app/forms/ports.ts";
import type { Db } from "../client.ts";
import { withConflictRetries } from "../kernel.ts";
import { isUuid } from "../public-pages-repository.ts";
import * as t from "../schema.ts";

/** The outbox topic of a stored submission (handled by adapters/forms/submission-notice.ts). */
export const FORM_SUBMITTED_TOPIC = "form_submitted";

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

const submissionView = (r: SubmissionRow): Submission => ({
  id: r.id,
  formId: r.formId,
  version: r.version,
  answers: r.answers,
  contactEmail: r.contactEmail,
  consentText: r.consentText,
  consentedAt: r.consentedAt?.toISOString() ?? null,
  isDisqualified: r.isDisqualified,
  endingId: r.endingId,
  locale: r.locale,
  createdAt: r.createdAt.toISOString(),
});

export function createFormStore(db: Db, businessId: string): FormStore {
  const B = businessId;
  const ownForm = (id: string) => and(eq(t.forms.businessId, B), eq(t.forms.id, id));

  async function getForm(id: string): Promise<StoredForm | null> {
    if (!isUuid(id)) return null;
    const [row] = await db.select().from(t.forms).where(ownForm(id));
    return row ? formView(row) : null;
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
      const items = rows.slice(0, page.limit).map(submissionView);
      return { items, nextBefore: rows.length > page.limit ? (items[items.length - 1]?.id ?? null) : null };
    },

    async getSubmission(formId, submissionId) {
      if (!isUuid(formId) || !isUuid(submissionId)) return null;
      const S = t.formSubmissions;
      const [row] = await db
        .select()
        .from(S)
        .where(and(eq(S.businessId, B), eq(S.formId, formId), eq(S.id, submissionId)));
      return row ? submissionView(row) : null;
    },

    async addSubmission(submission: NewSubmission) {
      // The business hears of it (owners' email, webhooks) through the outbox, written in the
      // same transaction: no notice of a submission that was not stored, none lost if we crash.
      const row = await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(t.formSubmissions)
          .values({ ...submission, businessId: B })
          .returning();
        await tx.insert(t.outbox).values({
          id: stored!.id,
          businessId: B,
          topic: FORM_SUBMITTED_TOPIC,
          payload: { formId: stored!.formId, submissionId: stored!.id },
        });
        return stored!;
      });
      return submissionView(row);
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
