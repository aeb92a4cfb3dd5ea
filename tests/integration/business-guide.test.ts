/**
 * Runs docs/business-guide.md: every `curl` command of its shell blocks, in order, against the app
 * in process, with the guide's shell variables (ids picked with `jq -r`) carried from command to
 * command. Then each of the five calendars must offer free slots. A separate case runs the real
 * `business:create` CLI and uses the key it prints.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/adapters/db/client.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, newBusiness } from "./business-fixtures.ts";
import { solvedProof } from "../support/booking-proof.ts";

interface Command {
  variable: string | null;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  jq: string | null;
}

/** The curl commands of the guide's ```sh blocks (the subset of shell the guide uses). */
function guideCommands(markdown: string): Command[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const commands: Command[] = [];
  for (const block of blocks) {
    const lines = block.split("\n");
    for (let i = 0; i < lines.length; i++) {
      let line = lines[i]!;
      if (!/^(\w+=\$\()?curl /.test(line)) continue;
      while (line.endsWith("\\")) line = `${line.slice(0, -1)} ${lines[++i]!.trim()}`;
      let body: string | null = null;
      if (line.includes("<<JSON")) {
        const bodyLines: string[] = [];
        while (lines[++i] !== "JSON") bodyLines.push(lines[i]!);
        body = bodyLines.join("\n");
        if (lines[i + 1] === ")") i++;
      }
      const headers = Object.fromEntries(
        [...line.matchAll(/-H "([^:]+): ([^"]+)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]),
      );
      commands.push({
        variable: /^(\w+)=\$\(/.exec(line)?.[1] ?? null,
        method: /-X (\w+)/.exec(line)?.[1] ?? "GET",
        url: /curl -s (?:-X \w+ )?"([^"]+)"/.exec(line)![1]!,
        headers,
        body,
        jq: /\| jq -r \.([\w.]+)/.exec(line)?.[1] ?? null,
      });
    }
  }
  return commands;
}

const expand = (text: string, vars: Record<string, string>) =>
  text.replace(/\$(\w+)/g, (_, name: string) => {
    if (!(name in vars)) throw new Error(`The guide uses $${name} before setting it`);
    return vars[name]!;
  });

const GUIDE = fs.readFileSync(path.resolve("docs/business-guide.md"), "utf8");

describe.each(DATABASE_KINDS)("docs/business-guide.md on %s", (kind) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("configures a calendar of each type through the API alone, and each offers free slots", async () => {
    const app = businessApp(testDb.database);
    const business = await newBusiness(testDb.database, "Atelier Lumière");
    const vars: Record<string, string> = { BASE: "", KEY: business.key };
    const commands = guideCommands(GUIDE);
    expect(commands.length).toBeGreaterThan(25);
    const slotsByCalendar = new Map<string, Record<string, { slots: string[] }>>();

    for (const command of commands) {
      const url = expand(command.url, vars);
      const headers = Object.fromEntries(Object.entries(command.headers).map(([k, v]) => [k, expand(v, vars)]));
      // The guide's `PROOF=$(node solve.mjs "$BASE")`: solved here as solve.mjs does, by the suites' helper.
      if (command.body?.includes("$PROOF")) vars.PROOF = await solvedProof(app.request("/api/booking-challenge"));
      const body = command.body === null ? undefined : expand(command.body, vars);
      const response = await app.request(url, {
        method: command.method,
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const text = await response.text();
      expect(response.status, `${command.method} ${url}\n${body ?? ""}\n→ ${text}`).toBeLessThan(300);
      const json = text ? JSON.parse(text) : null;
      if (command.variable) {
        expect(command.jq, `${command.variable} needs | jq -r`).not.toBeNull();
        const value = command.jq!.split(".").reduce((v, key) => v?.[key], json);
        expect(typeof value, `${command.variable} from ${url}`).toBe("string");
        vars[command.variable] = value;
      }
      const calendarId = /^\/api\/calendars\/([^/]+)\/free-slots/.exec(url)?.[1];
      if (calendarId) slotsByCalendar.set(calendarId, json);
    }

    const calendars = await call(app, "GET", "/api/business/calendars", business.key);
    const types = new Map<string, string>(calendars.body.map((c: { id: string; type: string }) => [c.type, c.id]));
    expect([...types.keys()].sort()).toEqual(["class", "collective", "personal", "round_robin", "service"]);
    for (const [type, id] of types) {
      const slots = slotsByCalendar.get(id);
      expect(slots, `the guide checks the free slots of the ${type} calendar`).toBeDefined();
      const all = Object.values(slots!).flatMap((d) => d.slots);
      expect(all.length, `${type} offers slots`).toBeGreaterThan(0);
    }
    // The guide's booking was confirmed, moved and cancelled by the business.
    const booking = await call(app, "GET", `/api/business/bookings/${vars.BOOKING}`, business.key);
    expect(booking.body).toMatchObject({
      status: "cancelled",
      cancelReason: "Ana is ill",
      startTime: "2026-12-09T13:00:00.000Z",
      previousStartTime: "2026-12-08T09:00:00.000Z",
    });
    // The group lists its two calendars in order; the menu books through the salon.
    const groups = await call(app, "GET", "/api/business/groups", business.key);
    expect(groups.body[0].calendarIds).toEqual([vars.ROUND_ROBIN, vars.COLLECTIVE]);
  });
});

describe("business:create CLI", () => {
  it("creates a business in DATA_DIR and prints a key that works, once", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "business-cli-"));
    try {
      const run = promisify(execFile);
      const { stdout } = await run(
        process.execPath,
        [
          "--import",
          "tsx",
          "scripts/business-create.ts",
          "--name",
          "Atelier Lumière",
          "--time-zone",
          "Europe/Paris",
          "--locale",
          "fr",
          "--currency",
          "EUR",
        ],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        },
      );
      const key = /\b(bk_[A-Za-z0-9_-]{43})\b/.exec(stdout)?.[1];
      expect(key).toBeDefined();
      expect(stdout.split(key!).length - 1, "the key is printed in the key line and the curl hint only").toBe(2);
      const refused = await run(
        process.execPath,
        ["--import", "tsx", "scripts/business-create.ts", "--name", "X", "--time-zone", "Mars/Olympus"],
        { env: { ...process.env, DATA_DIR: dataDir } },
      ).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({ code: 64 });
      expect((refused as { stderr: string }).stderr).toContain("--time-zone: expected an IANA time zone");

      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        const app = businessApp(database);
        const me = await call(app, "GET", "/api/business", key!);
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({
          slug: "atelier-lumiere",
          name: "Atelier Lumière",
          timeZone: "Europe/Paris",
          locale: "fr",
          currency: "EUR",
        });
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
