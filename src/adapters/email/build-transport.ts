/**
 * The email adapter, built from typed configuration in the composition root: SMTP through nodemailer
 * when SMTP_URL is set; otherwise the embedded default writes each message as an `.eml` file into
 * `<DATA_DIR>/mail/` and logs its path, so a fresh install shows what it would have sent instead of
 * reporting success for mail that went nowhere.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { CalendarFile } from "../calendar/ics.ts";

export interface EmailAddress {
  name: string;
  address: string;
}

export interface OutgoingEmail {
  to: EmailAddress;
  subject: string;
  html: string;
  text: string;
  /** Sent both as a `text/calendar; method=…` alternative and as an `invite.ics` attachment. */
  calendar?: CalendarFile;
  /**
   * A stable Message-ID (`<id@domain>`) so a message sent again after a partial failure can be
   * recognised as the same one by receiving systems.
   */
  messageId?: string;
}

export interface SentEmail {
  messageId: string;
  /** The `.eml` file written by the file transport. */
  file?: string;
}

export interface EmailTransport {
  readonly kind: "smtp" | "file";
  /** Resolves once the message is accepted (SMTP) or written (file); rejects otherwise. */
  send(email: OutgoingEmail): Promise<SentEmail>;
  close(): void;
}

export interface EmailConfig {
  /** smtp:// or smtps:// URL; unset selects the `.eml` file transport. */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `Bookings <bookings@example.com>`. */
  from: string;
  dataDir: string;
  /** Extra nodemailer SMTP options (timeouts, TLS) merged over those in the URL. */
  smtpOptions?: SMTPTransport.Options;
}

export interface MailLogger {
  info(details: object, message: string): void;
}

export function buildTransport(config: EmailConfig, logger?: MailLogger): EmailTransport {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, config);
  return fileTransport(path.join(config.dataDir, "mail"), config.from, logger);
}

function smtpTransport(url: string, config: EmailConfig): EmailTransport {
  const transporter = nodemailer.createTransport({
    ...parseSmtpUrl(url),
    // Connections kept open and reused: a new TCP connection, greeting and EHLO per message (and TLS
    // with it on a real relay) made delivery slow when bookings come in bursts (bench/crash.bench.ts).
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...config.smtpOptions,
  });
  return {
    kind: "smtp",
    async send(email) {
      const info = await transporter.sendMail(toNodemailer(email, config.from));
      // An SMTP server may accept the transaction yet refuse the only recipient.
      if (info.rejected.length > 0 && info.accepted.length === 0)
        throw new Error(`recipient rejected: ${email.to.address}`);
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

function fileTransport(dir: string, from: string, logger?: MailLogger): EmailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "file",
    async send(email) {
      const info = await transporter.sendMail(toNodemailer(email, from));
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message);
      logger?.info(
        { file, to: email.to.address, subject: email.subject },
        `email written to ${file} (SMTP_URL is not set)`,
      );
      return { messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}

function toNodemailer(email: OutgoingEmail, from: string): nodemailer.SendMailOptions {
  return {
    from,
    to: { name: email.to.name, address: email.to.address },
    subject: email.subject,
    text: email.text,
    html: email.html,
    ...(email.messageId ? { messageId: email.messageId } : {}),
    ...(email.calendar
      ? {
          icalEvent: {
            method: email.calendar.method,
            filename: email.calendar.filename,
            content: email.calendar.content,
          },
        }
      : {}),
  };
}

/** nodemailer reads host, port, TLS and credentials from the URL; this keeps the typed options object. */
function parseSmtpUrl(url: string): SMTPTransport.Options {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
  };
}
