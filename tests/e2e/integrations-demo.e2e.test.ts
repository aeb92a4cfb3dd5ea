/**
 * Issue 20's "done when", in the demo: `npm run integrations:demo` beside the running demo server
 * (started with WEBHOOK_ALLOW_PRIVATE=true) subscribes a local receiver that checks every signature,
 * and connects a CalDAV calendar of Anna's (Radicale) whose own appointment blocks her intro-call
 * times. A booking then arrives as a signed webhook and appears in her calendar. (Reminder e-mails at
 * their time are proven in tests/integration/outbox/reminders.test.ts.)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withBookingProof } from "../support/booking-proof.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { hasRadicale } from "../support/radicale.ts";
import { clientAddress } from "./support/booking.ts";
import { freePort, startServer, type RunningServer } from "./support/start-server.ts";

const TZ = "Europe/Berlin";

describe.skipIf(!hasRadicale)("the integrations demo", () => {
  let server: RunningServer;
  let demo: ChildProcess;
  let output = "";
  const printed = (pattern: RegExp) =>
    expect.poll(() => pattern.exec(output)?.[0] ?? null, { timeout: 30_000, interval: 200 }).not.toBeNull();

  beforeAll(async () => {
    server = await startServer({ WEBHOOK_ALLOW_PRIVATE: "true" });
    demo = spawn(process.execPath, ["--import", "tsx", "scripts/integrations-demo.ts"], {
      env: {
        ...process.env,
        APP_ORIGIN: server.url,
        DATA_DIR: server.dataDir,
        INTEGRATIONS_DEMO_PORT: String(await freePort()),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    demo.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    demo.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  }, 120_000);
  afterAll(async () => {
    // A failed test leaves the script running: Ctrl-C's path stops its Radicale too, SIGKILL only if it hangs.
    if (demo && demo.exitCode === null) {
      const exited = new Promise((done) => demo.once("exit", done));
      demo.kill("SIGINT");
      const hung = setTimeout(() => demo.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(hung);
    }
    await server?.stop();
  });

  it("blocks Anna's own appointment, and a booking arrives signed and in her calendar", async () => {
    await printed(/^Ready\./m);
    expect(output).toContain("Webhooks: every event of the demo business goes to");
    const day = /Her own appointment on (\d{4}-\d{2}-\d{2}), 10:00–11:00, blocks her intro call then: offered/.exec(
      output,
    )?.[1];
    expect(day, output).toBeDefined();

    const headers = { "content-type": "application/json", "x-forwarded-for": clientAddress() };
    const slots = (await (
      await fetch(
        `${server.url}/api/calendars/${DEMO.calendars.introCall}/free-slots?startDate=${day}&endDate=${day}&timezone=${TZ}`,
        { headers },
      )
    ).json()) as Record<string, { slots: string[] }>;
    expect(slots[day!]!.slots.map((s) => s.slice(11, 16))).not.toContain("10:00");
    const res = await fetch(`${server.url}/api/bookings`, {
      method: "POST",
      headers,
      body: JSON.stringify(
        await withBookingProof((p, i) => fetch(`${server.url}${p}`, i), {
          calendarId: DEMO.calendars.introCall,
          startTime: slots[day!]!.slots.at(-1),
          timezone: TZ,
          contact: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
        }),
      ),
    });
    expect(res.status).toBe(201);
    const booking = (await res.json()) as { id: string };

    await printed(/^webhook booking\.created · Intro call with Anna · .* — signature verified/m);
    await printed(new RegExp(`In Anna's calendar: /anna/work/booking-${booking.id}\\.ics \\(Intro call with Anna`));

    // Ctrl-C takes the subscription and the connection away again.
    const exited = new Promise<number | null>((done) => demo.once("exit", done));
    demo.kill("SIGINT");
    expect(await exited).toBe(0);
  });
});
