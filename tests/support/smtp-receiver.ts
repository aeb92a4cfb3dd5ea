/**
 * A real SMTP server on a random local port for delivery tests: accepts everything (or rejects the
 * next N transactions with a temporary failure) and keeps the raw messages for parsing.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Answers the next `count` MAIL FROM commands with 451 (try again later). */
  rejectNext(count: number): void;
  rejectedCount(): number;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let toReject = 0;
  let rejected = 0;
  const server = new SMTPServer({
    authOptional: true,
    // No TLS certificate to trust in tests: plain SMTP on loopback.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Senders keep pooled connections open (build-transport.ts): closing does not wait 30 s for them.
    closeTimeout: 200,
    onMailFrom(_address, _session, callback) {
      if (toReject > 0) {
        toReject -= 1;
        rejected += 1;
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    rejectNext(count) {
      toReject = count;
    },
    rejectedCount: () => rejected,
    clear() {
      messages.length = 0;
      toReject = 0;
      rejected = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function parseMail(mail: ReceivedMail | Buffer): Promise<ParsedMail> {
  return simpleParser(Buffer.isBuffer(mail) ? mail : mail.raw);
}
