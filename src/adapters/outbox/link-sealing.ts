/**
 * Manage links carry the booking's manage token, which the database otherwise holds only as a hash.
 * Until the email is sent the links must wait in the outbox, so they are stored sealed
 * (AES-256-GCM under the server's secret) and opened only by the worker that renders the email.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { NotificationMessage } from "../../core/notifications/notification.ts";

const PREFIX = "sealed:v1:";
const LINK_FIELDS = ["manageUrl", "rescheduleUrl", "cancelUrl"] as const;

export interface LinkSealer {
  seal(message: NotificationMessage): NotificationMessage;
  open(message: NotificationMessage): NotificationMessage;
  /** Any secret text (a manage token in a stored idempotent answer); `openText` passes unsealed text through. */
  sealText(value: string): string;
  openText(value: string): string;
}

/** The key is derived from the secret with SHA-256, so any long random string serves as APP_SECRET. */
export function createLinkSealer(secret: string): LinkSealer {
  const key = createHash("sha256").update(secret).digest();
  const sealValue = (value: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  };
  const openValue = (value: string) => {
    if (!value.startsWith(PREFIX)) return value;
    const raw = Buffer.from(value.slice(PREFIX.length), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  };
  const mapLinks = (message: NotificationMessage, fn: (value: string) => string): NotificationMessage => {
    const booking = { ...message.booking };
    for (const field of LINK_FIELDS) {
      const value = booking[field];
      if (value) booking[field] = fn(value);
    }
    return { ...message, booking };
  };
  return {
    seal: (message) => mapLinks(message, sealValue),
    open: (message) => mapLinks(message, openValue),
    sealText: sealValue,
    openText: openValue,
  };
}
