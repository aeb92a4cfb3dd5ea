/**
 * Delivers the console's emails (outbox topic "console_email"): a one-time sign-in link, a
 * password-reset link or an invitation to the team (its link chooses the first password), in the user's language, as text and escaped HTML. The link was sealed in
 * the outbox (console-store.ts) and is opened only here, to be sent.
 */
import { z } from "zod";
import { serverI18n } from "../../i18n/server-i18n.ts";
import { PermanentDeliveryError, type OutboxHandler } from "../outbox/outbox-worker.ts";
import type { EmailTransport } from "./build-transport.ts";
import { escapeHtml } from "../../core/shared/html.ts";
import { brandedEmailHtml, emailButton, emailColours, type EmailBranding } from "./branded-email.ts";

const ConsoleEmailSchema = z.object({
  kind: z.enum(["sign_in", "password_reset", "invite"]),
  to: z.object({ name: z.string(), email: z.string() }),
  locale: z.string(),
  link: z.string(),
  businessName: z.string(),
  validMinutes: z.number().int().positive(),
  invitedBy: z.string().optional(),
});

const KEYS = { sign_in: "email.console.signIn", password_reset: "email.console.reset", invite: "email.console.invite" };

export function createConsoleEmailHandler(options: {
  transport: EmailTransport;
  openLink: (sealed: string) => string;
  /** The business's branding (ADR 0049), the same as on its visitors' emails; without it, the product's look. */
  branding?: EmailBranding;
}): OutboxHandler {
  return async (row) => {
    const parsed = ConsoleEmailSchema.safeParse(row.payload);
    if (!parsed.success) throw new PermanentDeliveryError("console email payload is not valid");
    const email = parsed.data;
    const i18n = serverI18n(email.locale);
    const key = KEYS[email.kind];
    const values = {
      name: email.to.name,
      businessName: email.businessName,
      minutes: email.validMinutes,
      days: Math.round(email.validMinutes / (24 * 60)),
      invitedBy: email.invitedBy ?? "",
    };
    const subject = i18n.t(`${key}.subject`, values);
    const intro = i18n.t(`${key}.intro`, values);
    const action = i18n.t(`${key}.action`, values);
    const notYou = i18n.t("email.console.notYou");
    const link = options.openLink(email.link);
    const brand = (await options.branding?.(row.businessId)) ?? null;
    await options.transport.send({
      to: { name: email.to.name, address: email.to.email },
      subject,
      text: `${intro}\n\n${action}: ${link}\n\n${notYou}\n`,
      html: brandedEmailHtml({
        language: i18n.language,
        subject,
        businessName: email.businessName,
        brand,
        body: [
          `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`,
          `<p style="margin:16px 0">${emailButton(link, action, emailColours(brand))}</p>`,
          `<p style="margin:0;color:#52525b">${escapeHtml(notYou)}</p>`,
        ],
      }),
      messageId: `<${row.id}@console>`,
    });
  };
}
