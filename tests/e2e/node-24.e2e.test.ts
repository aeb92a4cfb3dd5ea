/**
 * Issue 19: the product runs on Node 24 LTS as well as on Node 20 (README, "Supported Node versions").
 * The whole suite runs on the Node that runs the tests; this file starts the real server — embedded
 * database, demo data — on the pinned Node 24 and walks a visitor's booking over HTTP: the page,
 * free times, booking, its calendar file, cancelling; and runs the unit tests of the domain core and
 * of the eleven languages on Node 24, whose ICU (time zones, dates and plurals in every language) is
 * not Node 20's.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withBookingProof } from "../support/booking-proof.ts";
import { DEMO } from "../../src/adapters/db/seed/demo-ids.ts";
import { node24Binary } from "../support/node-24.ts";
import { clientAddress } from "./support/booking.ts";
import { startServer, type RunningServer } from "./support/start-server.ts";

const TZ = "Europe/Berlin";
const calendar = DEMO.calendars.introCall;

describe("on Node 24", () => {
  let node: string;
  let server: RunningServer;
  beforeAll(async () => {
    node = node24Binary();
    server = await startServer({}, { node });
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { "content-type": "application/json", "x-forwarded-for": clientAddress(), ...init.headers },
    });

  it("is Node 24", () => {
    expect(execFileSync(node, ["--version"]).toString().trim()).toMatch(/^v24\./);
  });

  it("renders the booking page, books a free time, gives its calendar file and cancels it", async () => {
    const page = await call(`/widget/booking/${calendar}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const slots = await call(
      `/api/calendars/${calendar}/free-slots?startDate=${day(2)}&endDate=${day(16)}&timezone=${TZ}`,
    );
    expect(slots.status).toBe(200);
    const start = Object.values((await slots.json()) as Record<string, { slots: string[] }>).flatMap((d) => d.slots)[0];
    expect(start).toBeDefined();

    const booked = await call("/api/bookings", {
      method: "POST",
      body: JSON.stringify(
        await withBookingProof(call, {
          calendarId: calendar,
          startTime: start,
          timezone: TZ,
          contact: { firstName: "Ada", lastName: "Node24", email: "ada-node24@example.com" },
        }),
      ),
    });
    expect(booked.status).toBe(201);
    const { id, manageToken } = (await booked.json()) as { id: string; manageToken: string };
    const auth = { authorization: `Bearer ${manageToken}` };

    const ics = await call(`/api/bookings/${id}/calendar.ics`, { headers: auth });
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain("BEGIN:VEVENT");

    const cancelled = await call(`/api/bookings/${id}/cancel`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ reason: null }),
    });
    expect(cancelled.status).toBe(200);
    const again = await call(
      `/api/calendars/${calendar}/free-slots?startDate=${day(2)}&endDate=${day(16)}&timezone=${TZ}`,
    );
    const free = Object.values((await again.json()) as Record<string, { slots: string[] }>).flatMap((d) => d.slots);
    expect(free).toContain(start);
  });

  it("passes the domain core's and the languages' unit tests (its own ICU and time-zone data)", () => {
    const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "node24-unit-")), "report.json");
    // A vitest of its own on Node 24, with none of this run's worker variables.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST")));
    const run = spawnSync(
      node,
      ["node_modules/vitest/vitest.mjs", "run", "src/core", "src/i18n", "--reporter=json", `--outputFile=${report}`],
      { env, encoding: "utf8", timeout: 300_000 },
    );
    const result = JSON.parse(fs.readFileSync(report, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTestSuites: number;
      testResults: { name: string; status: string }[];
    };
    fs.rmSync(path.dirname(report), { recursive: true, force: true });
    expect(result.testResults.filter((f) => f.status !== "passed").map((f) => f.name)).toEqual([]);
    expect(result.numFailedTests).toBe(0);
    // The core and the languages hold some 900 tests in 65 files: all of them ran.
    expect(result.testResults.length).toBeGreaterThanOrEqual(60);
    expect(result.numPassedTests).toBeGreaterThan(900);
    expect(run.status).toBe(0);
  }, 300_000);
});
