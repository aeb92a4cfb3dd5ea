/**
 * Text messages (issue 20): the port every SMS provider implements, and the adapter the product
 * ships with, which only writes to the log. A provider (Twilio, MessageBird, …) is one more
 * implementation of `SmsTransport`; nothing else changes. Reminders are the only texts sent.
 */
export interface SmsMessage {
  /** The number as the visitor gave it; a provider adapter normalises it (E.164) or refuses it. */
  readonly to: string;
  readonly text: string;
  /** Stable per message: a provider that supports it drops a retried duplicate. */
  readonly id: string;
}

export interface SmsTransport {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Shows a number with all but its last two digits hidden: the log must not collect phone numbers. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length <= 2 ? "••" : `${"•".repeat(digits.length - 2)}${digits.slice(-2)}`;
}

/** A text as it may be logged: the manage link's token (which opens the booking) left out. */
export const redactLinks = (text: string) => text.replace(/([?&]token=)[^&\s]+/g, "$1…");

/**
 * No provider: each text is logged (number masked, links without their token) instead of sent, so
 * the schedule, the wording and the retries can be seen working before a provider is chosen.
 */
export function logSmsTransport(logger: { info(details: object, message: string): void }): SmsTransport {
  return {
    name: "log",
    async send(message) {
      logger.info(
        { sms: { id: message.id, to: maskPhone(message.to), text: redactLinks(message.text) } },
        "text message (log only)",
      );
    },
  };
}
