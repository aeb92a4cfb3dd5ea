/**
 * Issue 20 in the demo: what a booking does beyond the widget, seen on this machine. With a running
 * `WEBHOOK_ALLOW_PRIVATE=true npm start` (the demo's own receiver and calendar are local addresses,
 * which the server refuses otherwise):
 *
 *   - a webhook receiver on http://127.0.0.1:3002/webhooks, subscribed to every event of the demo
 *     business, that checks each delivery's Standard Webhooks signature and prints it;
 *   - with Debian's `radicale` installed, a CalDAV calendar for Anna with an appointment of her own
 *     (it blocks her intro-call times after the first sync), connected so that her bookings are
 *     written into it — listed here after each booking event;
 *   - reminder e-mails need nothing more: they are written to data/mail/*.eml at their time.
 *
 *   npm run integrations:demo
 *   APP_ORIGIN=http://127.0.0.1:3444 INTEGRATIONS_DEMO_PORT=3012 DATA_DIR=… npm run integrations:demo
 *
 * Ctrl-C removes the subscription and the connection again.
 */
import http from "node:http";
import { spawnSync } from "node:child_process";
import { Webhook } from "standardwebhooks";
import { DEMO } from "../src/adapters/db/seed/demo-ids.ts";
import { issueKeyForBusiness } from "../src/app/business/create-business.ts";
import type { BusinessView } from "../src/app/business/ports.ts";
import { WEBHOOK_EVENTS } from "../src/core/webhooks/events.ts";
import { startRadicale, type Radicale } from "../tests/support/radicale.ts";
import { configOrExit, runBusinessAdmin } from "./lib/business-admin.ts";

const appOrigin = (process.env.APP_ORIGIN ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const port = Number(process.env.INTEGRATIONS_DEMO_PORT ?? 3002);
const ZONE = "Europe/Berlin"; // Anna's

async function apiKey(): Promise<string> {
  if (process.env.BOOKING_API_KEY) return process.env.BOOKING_API_KEY;
  const issued = await runBusinessAdmin<{ business: BusinessView; key: string }>(configOrExit(), {
    path: "/api-keys",
    body: { slug: DEMO.businessSlug, name: "integrations demo" },
    direct: (directory) => issueKeyForBusiness(directory, DEMO.businessSlug, "integrations demo"),
    refusal: (code) => `Could not get an API key for the demo business (${code}).`,
  });
  if (!issued.ok) {
    console.error(issued.message);
    process.exit(issued.exitCode);
  }
  return issued.value.key;
}

const key = await apiKey();
const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${appOrigin}/api/business${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
};

/** The next weekday at least two days ahead (past the calendars' notice), as YYYY-MM-DD in Anna's zone. */
function nextWorkingDay(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return day.toLocaleDateString("en-CA", { timeZone: ZONE });
}

// ---- The webhook receiver --------------------------------------------------------------------------
let verifier: Webhook | null = null;
let onBookingEvent: (bookingId: string) => Promise<void> = async () => undefined;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    try {
      if (!verifier) throw new Error("not subscribed yet");
      const event = verifier.verify(body, req.headers as Record<string, string>) as {
        type: string;
        data: { bookingId?: string; calendarName?: string; startUtc?: string };
      };
      res.writeHead(204).end();
      const { bookingId, calendarName, startUtc } = event.data;
      console.log(
        `webhook ${event.type} · ${calendarName ?? ""} · ${startUtc ?? ""} — signature verified (${String(req.headers["webhook-id"])})`,
      );
      if (event.type.startsWith("booking.") && bookingId) void onBookingEvent(bookingId);
    } catch (error) {
      res.writeHead(400).end();
      console.log(`webhook refused: ${(error as Error).message}`);
    }
  });
});
await new Promise<void>((done) => receiver.listen(port, "127.0.0.1", done));

const subscribed = await api("POST", "/webhooks", {
  url: `http://127.0.0.1:${port}/webhooks`,
  events: [...WEBHOOK_EVENTS],
});
if (subscribed.status !== 201) {
  console.error(
    JSON.stringify(subscribed.body).includes("PRIVATE_TARGET")
      ? "The server refuses local addresses: start it with WEBHOOK_ALLOW_PRIVATE=true npm start, then run this again."
      : `Subscribing failed (${subscribed.status}): ${JSON.stringify(subscribed.body)}`,
  );
  receiver.close();
  process.exit(1);
}
verifier = new Webhook(String(subscribed.body.secret));
console.log(`Webhooks: every event of the demo business goes to http://127.0.0.1:${port}/webhooks (signed).`);

// ---- Anna's CalDAV calendar ------------------------------------------------------------------------
let radicale: Radicale | null = null;
let connectionId: string | null = null;
if (spawnSync("sh", ["-c", "command -v radicale"]).status === 0) {
  radicale = await startRadicale();
  await radicale.request("MKCALENDAR", "/anna/work/", undefined, "anna");
  const day = nextWorkingDay();
  const compact = day.replaceAll("-", "");
  await radicale.request(
    "PUT",
    "/anna/work/dentist.ics",
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//integrations demo//EN",
      "BEGIN:VEVENT",
      "UID:anna-dentist@integrations-demo",
      "DTSTAMP:20260101T000000Z",
      `DTSTART;TZID=${ZONE}:${compact}T100000`,
      `DTEND;TZID=${ZONE}:${compact}T110000`,
      "SUMMARY:Dentist (Anna's own calendar)",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n"),
    "anna",
  );
  const connected = await api("POST", `/staff/${DEMO.staff.anna}/calendars`, {
    kind: "caldav",
    url: `${radicale.url}/`,
    calendarUrl: `${radicale.url}/anna/work/`,
    username: "anna",
    password: "demo",
  });
  if (connected.status !== 201) {
    console.error(`Connecting Anna's calendar failed (${connected.status}): ${JSON.stringify(connected.body)}`);
  } else {
    connectionId = String(connected.body.id);
    const slots = (await (
      await fetch(
        `${appOrigin}/api/calendars/${DEMO.calendars.introCall}/free-slots?startDate=${day}&endDate=${day}&timezone=${ZONE}`,
      )
    ).json()) as Record<string, { slots?: string[] }>;
    const times = (slots[day]?.slots ?? []).map((s) => s.slice(11, 16));
    console.log(
      `CalDAV: Anna's calendar (${radicale.url}/anna/work/) is connected, status ${String(connected.body.status)}.`,
    );
    console.log(
      `  Her own appointment on ${day}, 10:00–11:00, blocks her intro call then: ${times.includes("10:00") || times.includes("10:30") ? "NOT blocked (check the sync status)" : `offered ${times.slice(0, 6).join(", ")}…`}`,
    );
    console.log(`  Book ${appOrigin}/widget/booking/${DEMO.calendars.introCall}: the booking appears in her calendar.`);
    onBookingEvent = async (bookingId) => {
      // The calendar write is its own outbox row, delivered after the webhook's: wait for it (10 s).
      const object = `/anna/work/booking-${bookingId}.ics`;
      for (let i = 0; i < 20; i++) {
        const res = await radicale!.request("GET", object, undefined, "anna");
        if (res.ok) {
          const summary = /^SUMMARY:(.*)$/m.exec(await res.text())?.[1]?.trim() ?? "";
          return console.log(`  In Anna's calendar: ${object} (${summary})`);
        }
        await new Promise((done) => setTimeout(done, 500));
      }
      console.log(`  Not in Anna's calendar (not hers, or cancelled): ${object}`);
    };
  }
} else {
  console.log("CalDAV: install Debian's radicale (apt-get install radicale) to see calendar sync here as well.");
}
console.log("Reminders: written as e-mails to data/mail/*.eml at their time (the intro call: 24 h and 1 h before).");
console.log("Ready. Ctrl-C to stop and remove the subscription and the connection.");

const stop = async () => {
  if (connectionId) await api("DELETE", `/staff/${DEMO.staff.anna}/calendars/${connectionId}`).catch(() => undefined);
  await api("DELETE", `/webhooks/${String(subscribed.body.id)}`).catch(() => undefined);
  await radicale?.stop();
  receiver.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
