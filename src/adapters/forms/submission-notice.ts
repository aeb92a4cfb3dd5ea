/**
 * What happens after a visitor submits a form or survey (outbox topic "form_submitted", written with
 * the submission): each owner of the business gets an email in their own language with the answers,
 * and the business's webhooks listening to `form.submitted` / `survey.submitted` get a delivery. The
 * email's Message-ID is stable per submission and owner, so a retried row is recognisable as a
 * repeat; the webhook deliveries are written at most once (writeWebhookDeliveries).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { answerLines } from "../../core/forms/answer-lines.ts";
import type { FormDefinition } from "../../core/forms/definition.ts";
import { WEBHOOK_PAYLOAD_VERSION, type SubmissionWebhookPayload } from "../../core/webhooks/events.ts";
import { fallbackChain, isLocaleCode, DEFAULT_LOCALE } from "../../i18n/locales.ts";
import { serverI18n } from "../../i18n/server-i18n.ts";
import type { Db } from "../db/client.ts";
import type { EmailTransport } from "../email/build-transport.ts";
import { brandedEmailHtml, type EmailBranding } from "../email/branded-email.ts";
import { escapeHtml } from "../../core/shared/html.ts";
import { PermanentDeliveryError, type OutboxHandler } from "../outbox/outbox-worker.ts";
import { writeWebhookDeliveries } from "../webhooks/webhook-outbox.ts";

const Payload = z.object({ formId: z.uuid(), submissionId: z.uuid() });

type Rows<T> = { rows: T[] };
interface SubmissionRow {
  id: string;
  form_id: string;
  version: number;
  answers: Record<string, string | string[]>;
  contact_email: string | null;
  is_disqualified: boolean;
  locale: string;
  created_at: Date | string;
  kind: "form" | "survey";
  form_name: string;
  definition: FormDefinition;
  business_name: string;
  business_locale: string;
  time_zone: string;
}

const chainOf = (code: string) => fallbackChain(isLocaleCode(code) ? code : DEFAULT_LOCALE);

export function createSubmissionNoticeHandler(options: {
  db: Db;
  transport: EmailTransport;
  clock?: () => Date;
  /** The business's branding (ADR 0049), the same as on its visitors' emails; without it, the product's look. */
  branding?: EmailBranding;
}): OutboxHandler {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  return async (row) => {
    const parsed = Payload.safeParse(row.payload);
    if (!parsed.success) throw new PermanentDeliveryError("invalid form submission payload");
    const businessId = row.businessId;
    const found = (await db.execute(sql`
      select s.id, s.form_id, s.version, s.answers, s.contact_email, s.is_disqualified, s.locale, s.created_at,
             f.kind, v.name as form_name, v.definition, b.name as business_name, b.locale as business_locale,
             b.time_zone
        from form_submissions s
        join forms f on f.id = s.form_id and f.business_id = s.business_id
        join form_versions v on v.form_id = s.form_id and v.version = s.version and v.business_id = s.business_id
        join businesses b on b.id = s.business_id
       where s.id = ${parsed.data.submissionId}::uuid and s.business_id = ${businessId}::uuid`)) as unknown as Rows<SubmissionRow>;
    const submission = found.rows[0];
    // Erased since (the business deleted the form or the person's data): nothing left to tell.
    if (!submission) return;
    const createdAt = new Date(submission.created_at);

    const event = submission.kind === "survey" ? "survey.submitted" : "form.submitted";
    await writeWebhookDeliveries(db, businessId, row.id, [event], (type): SubmissionWebhookPayload => ({
      type,
      version: WEBHOOK_PAYLOAD_VERSION,
      timestamp: clock().toISOString(),
      data: {
        submissionId: submission.id,
        formId: submission.form_id,
        formName: submission.form_name,
        formVersion: submission.version,
        locale: submission.locale,
        contactEmail: submission.contact_email,
        disqualified: submission.is_disqualified,
        createdAt: createdAt.toISOString(),
        answers: answerLines(submission.definition, submission.answers, chainOf(submission.business_locale)),
      },
    }));

    const owners = (await db.execute(sql`
      select id, name, email, locale from console_users
       where business_id = ${businessId}::uuid and role = 'owner'
       order by created_at, id`)) as unknown as Rows<{ id: string; name: string; email: string; locale: string }>;
    const brand = owners.rows.length > 0 ? ((await options.branding?.(businessId)) ?? null) : null;
    for (const owner of owners.rows) {
      const i18n = serverI18n(owner.locale);
      const lines = answerLines(submission.definition, submission.answers, chainOf(owner.locale));
      const when = new Intl.DateTimeFormat(i18n.language, {
        dateStyle: "full",
        timeStyle: "short",
        timeZone: submission.time_zone,
      }).format(createdAt);
      const values = { formName: submission.form_name, businessName: submission.business_name, when };
      const key = submission.kind === "survey" ? "email.formSubmitted.survey" : "email.formSubmitted.form";
      const subject = i18n.t(`${key}.subject`, values);
      const intro = i18n.t(`${key}.intro`, values);
      const notes = [
        ...(submission.is_disqualified ? [i18n.t("email.formSubmitted.disqualified")] : []),
        ...(lines.length === 0 ? [i18n.t("email.formSubmitted.noAnswers")] : []),
      ];
      await options.transport.send({
        to: { name: owner.name, address: owner.email },
        subject,
        text:
          [intro, "", ...lines.map((l) => `${l.label}: ${l.value}`), ...notes.flatMap((n) => ["", n])].join("\n") +
          "\n",
        html: brandedEmailHtml({
          language: i18n.language,
          subject,
          businessName: submission.business_name,
          brand,
          body: [
            `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`,
            lines.length > 0
              ? `<table style="border-collapse:collapse;margin:16px 0">${lines
                  .map(
                    (l) =>
                      `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;color:#52525b">${escapeHtml(l.label)}</th>` +
                      `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(l.value)}</td></tr>`,
                  )
                  .join("")}</table>`
              : "",
            ...notes.map((n) => `<p style="margin:0 0 12px;color:#52525b">${escapeHtml(n)}</p>`),
          ],
        }),
        messageId: `<${row.id}.${owner.id}@form-submission>`,
      });
    }
  };
}
