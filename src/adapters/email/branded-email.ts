/**
 * The one look of every email the product sends on a business's behalf (ADR 0049): to visitors
 * (render-notification.ts) and to the business itself (console-email.ts, submission-notice.ts). The
 * business's logo — or, without one, its name in its colour — heads the message, its brand colour
 * draws the top rule and the buttons. Every value is escaped here; callers pass their body as HTML
 * they built from escaped parts.
 */
import { readableAccent, textOnAccent } from "../../core/shared/brand-colour.ts";
import { escapeHtml } from "../../core/shared/html.ts";
import type { LogoImage } from "../../core/shared/branding.ts";

export interface EmailBrand {
  /** An absolute address: mail is read away from the site. */
  readonly logo: LogoImage | null;
  readonly brandColour: string | null;
}

/** The business's branding as it is when a message is sent; null: the product's own look. */
export type EmailBranding = (businessId: string) => Promise<EmailBrand | null>;

export const EMAIL_FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The product's own blue, where a business has no brand colour. */
const DEFAULT_ACCENT = "#1d4ed8";

export interface EmailColours {
  /** The brand colour, darkened until links in it are readable on white (brand-colour.ts). */
  readonly accent: string;
  /** Text drawn on the accent (a button's label). */
  readonly onAccent: string;
}

export function emailColours(brand: EmailBrand | null | undefined): EmailColours {
  const accent = (brand?.brandColour && readableAccent(brand.brandColour)) || DEFAULT_ACCENT;
  return { accent, onAccent: textOnAccent(accent) };
}

/** A link drawn as a button in the brand colour. */
export function emailButton(url: string, label: string, colours: EmailColours): string {
  return `<a href="${escapeHtml(url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 16px;border-radius:6px;background:${colours.accent};color:${colours.onAccent};text-decoration:none;font-weight:600">${escapeHtml(label)}</a>`;
}

/**
 * A whole message: the document, the business's masthead, the caller's body (HTML lines) and, when
 * given, a footer line under a rule.
 */
export function brandedEmailHtml(about: {
  language: string;
  subject: string;
  businessName: string;
  brand: EmailBrand | null | undefined;
  body: readonly string[];
  footer?: string;
}): string {
  const e = escapeHtml;
  const { language, subject, businessName, brand } = about;
  const { accent } = emailColours(brand);
  const logo = brand?.logo;
  // The logo's text alternative is the business's name: mail clients often block images.
  const masthead = logo
    ? `<p style="margin:0 0 16px"><img src="${e(logo.src)}" width="${logo.width}" height="${logo.height}" alt="${e(businessName)}" style="display:block;height:${logo.height}px;width:${logo.width}px;border:0"></p>`
    : `<p style="margin:0 0 16px;font-weight:700;font-size:18px;color:${accent}">${e(businessName)}</p>`;
  return [
    `<!doctype html>`,
    `<html lang="${e(language)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f4f5">`,
    `<div role="article" aria-label="${e(subject)}" lang="${e(language)}" style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;color:#18181b;${EMAIL_FONT};font-size:16px;line-height:1.5;border-top:4px solid ${accent}">`,
    masthead,
    ...about.body,
    ...(about.footer === undefined
      ? []
      : [
          `<hr style="border:none;border-top:1px solid #e4e4e7;margin:24px 0 12px">`,
          `<p style="margin:0;color:#52525b;font-size:13px">${e(about.footer)}</p>`,
        ]),
    `</div>`,
    `</body>`,
    `</html>`,
  ].join("\n");
}
