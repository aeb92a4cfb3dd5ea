/**
 * The mails the embedded transport wrote into a server's data directory (`<dataDir>/mail/*.eml`),
 * as the journeys read them. The shared server's mailbox holds every mail of the run (hundreds by
 * the later files) and a journey polls it until its own arrive: only the files naming the address
 * are parsed (an address stands literally in the To header), each once while its size stays the
 * same — parsing them all on every poll took about a second a poll.
 */
import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";

const parsed = new Map<string, { size: number; mail: Promise<ParsedMail> }>();

/** Every mail in `mailDir` to `address` (To contains it), oldest first; none while the folder is missing. */
export async function mailsTo(mailDir: string, address: string): Promise<ParsedMail[]> {
  if (!fs.existsSync(mailDir)) return [];
  const mails: Promise<ParsedMail>[] = [];
  for (const name of fs.readdirSync(mailDir).sort()) {
    const file = path.join(mailDir, name);
    const raw = fs.readFileSync(file);
    if (!raw.includes(address)) continue;
    let known = parsed.get(file);
    if (known?.size !== raw.length) {
      known = { size: raw.length, mail: simpleParser(raw) };
      parsed.set(file, known);
    }
    mails.push(known.mail);
  }
  return (await Promise.all(mails)).filter((m) => JSON.stringify(m.to ?? "").includes(address));
}
