/**
 * Issue 18, signing in to the business console: passwords (argon2id), sessions in an HttpOnly
 * cookie that the business API accepts, CSRF on every change, staff limited to their own schedule,
 * sign-out and resets that end sessions on the server, and one-time links that arrive by real SMTP.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTransport, type EmailTransport } from "../../../src/adapters/email/build-transport.ts";
import { createConsoleEmailHandler } from "../../../src/adapters/email/console-email.ts";
import { consoleStore, CONSOLE_EMAIL_TOPIC } from "../../../src/adapters/db/console/console-store.ts";
import { createLinkSealer } from "../../../src/adapters/outbox/link-sealing.ts";
import { createOutboxWorker } from "../../../src/adapters/outbox/outbox-worker.ts";
import { argon2Passwords } from "../../../src/adapters/passwords/argon2.ts";
import { createLogin } from "../../../src/app/console/accounts.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../support/databases.ts";
import { parseMail, startSmtpReceiver, type SmtpReceiver } from "../../support/smtp-receiver.ts";
import { at, bookingApp, contact, NOW, post, seedBookingFixture, type Fixture } from "../booking-fixtures.ts";
import * as t from "../../../src/adapters/db/schema.ts";
import { eq, sql } from "drizzle-orm";
import { createPublicPagesRepository } from "../../../src/adapters/db/public-pages-repository.ts";
import { renderNotification } from "../../../src/adapters/email/render-notification.ts";
import { notification } from "../../support/booking-snapshot.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const OWNER_LOGIN = { email: "owner@studio.example", password: "a long owner passphrase" };
const STAFF = { email: "staff@studio.example", password: "staff member passphrase" };

describe.each(DATABASE_KINDS)("console sign-in on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let smtp: SmtpReceiver;
  let transport: EmailTransport;
  let now = NOW;
  // Changed by the reset test, for the tests after it.
  const OWNER = { ...OWNER_LOGIN };
  const sealer = createLinkSealer(randomBytes(32).toString("hex"));

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    fx = await seedBookingFixture(testDb.database);
    app = bookingApp(testDb.database, {}, () => now, {
      linkSealer: sealer,
      appSecret: "test-secret",
      consoleAttemptsPerMinute: 1000,
    });
    const deps = { store: consoleStore(testDb.database.db, sealer.sealText), passwords: argon2Passwords };
    const base = { businessId: fx.businessId, name: "Olga Owner", role: "owner" as const };
    expect((await createLogin(deps, { ...base, ...OWNER })).ok).toBe(true);
    const staffLogin = { businessId: fx.businessId, name: "Sam", role: "staff" as const, staffId: fx.staff.s1 };
    expect((await createLogin(deps, { ...staffLogin, ...STAFF, locale: "de" })).ok).toBe(true);
    smtp = await startSmtpReceiver();
    transport = buildTransport({ smtpUrl: smtp.url, from: "Console <console@studio.example>", dataDir: "/tmp" });
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await testDb?.drop();
  });

  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** Signs in and returns what the browser would hold: the cookie and the CSRF token. */
  async function signIn(who: { email: string; password: string }) {
    const res = await send("POST", "/api/console/session", who);
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^console_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Expires=/);
    const session = (await res.json()) as Json;
    return { cookie: cookie.split(";")[0]!, csrf: session.csrfToken as string, session };
  }
  const as = (s: { cookie: string; csrf: string }, withCsrf = true) => ({
    cookie: s.cookie,
    ...(withCsrf ? { "x-csrf-token": s.csrf } : {}),
  });

  it("signs an owner in, and the business API accepts the session for reads and, with the CSRF token, for changes", async () => {
    const owner = await signIn(OWNER);
    expect(owner.session.user).toMatchObject({ email: OWNER.email, role: "owner", name: "Olga Owner" });
    expect(owner.session.business).toMatchObject({ id: fx.businessId, name: "Test Studio", timeZone: "Europe/Berlin" });
    expect((await send("GET", "/api/business", undefined, as(owner, false))).status).toBe(200);

    const withoutToken = await send("PATCH", "/api/business", { name: "Renamed" }, as(owner, false));
    expect(withoutToken.status).toBe(403);
    expect(((await withoutToken.json()) as Json).code).toBe("CSRF_FAILED");
    const crossSite = await send(
      "PATCH",
      "/api/business",
      { name: "Renamed" },
      {
        ...as(owner),
        "sec-fetch-site": "cross-site",
      },
    );
    expect(crossSite.status).toBe(403);
    const changed = await send("PATCH", "/api/business", { name: "Test Studio" }, as(owner));
    expect(changed.status).toBe(200);
  });

  it("makes the cookie Secure wherever a browser keeps it so: HTTPS and loopback, not plain HTTP elsewhere", async () => {
    const cookieAt = async (origin: string, headers: Record<string, string> = {}) =>
      (
        await app.request(`${origin}/api/console/session`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(OWNER),
        })
      ).headers.get("set-cookie") ?? "";
    expect(await cookieAt("https://book.example.com")).toMatch(/; Secure$/);
    expect(await cookieAt("http://book.example.com", { "x-forwarded-proto": "https" })).toMatch(/; Secure$/);
    expect(await cookieAt("http://localhost:3000")).toMatch(/; Secure$/);
    const lan = await cookieAt("http://192.168.1.20:3000");
    expect(lan).toMatch(/^console_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Expires=/);
    expect(lan).not.toContain("Secure");
  });

  it("answers a wrong password and an unknown address the same way", async () => {
    const wrong = await send("POST", "/api/console/session", { email: OWNER.email, password: "not the password" });
    const unknown = await send("POST", "/api/console/session", { email: "nobody@x.example", password: "whatever" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [(await wrong.json()) as Json, (await unknown.json()) as Json];
    expect(a).toEqual(b);
    expect(a.code).toBe("SIGN_IN_FAILED");
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("keeps a staff login to its own bookings and hours, off owner screens", async () => {
    const own = await post(app, "/api/bookings", {
      calendarId: fx.calendars.personal,
      startTime: at(16, "10:00"),
      timezone: "Europe/Berlin",
      contact,
    });
    expect(own.status).toBe(201);
    const ownId = ((await own.json()) as Json).id as string;
    // A round-robin booking: its staff (s2 or s3) are never the staff login's s1.
    const others = await post(app, "/api/bookings", {
      calendarId: fx.calendars.roundRobin,
      startTime: at(16, "11:00"),
      timezone: "Europe/Berlin",
      contact,
    });
    expect(others.status).toBe(201);
    const other = (await others.json()) as Json;
    expect(other.staffIds ?? [other.staffId]).not.toContain(fx.staff.s1);

    const staff = await signIn(STAFF);
    expect(staff.session.user).toMatchObject({ role: "staff", staffId: fx.staff.s1, locale: "de" });
    const listed = (await (
      await send("GET", "/api/business/bookings?from=2026-01-01&to=2026-12-31", undefined, as(staff, false))
    ).json()) as Json[];
    expect(listed.map((b) => b.id)).toContain(ownId);
    expect(listed.every((b) => b.staffIds.includes(fx.staff.s1))).toBe(true);

    const forbidden = await send("GET", "/api/business/api-keys", undefined, as(staff, false));
    expect(forbidden.status).toBe(403);
    const body = (await forbidden.json()) as Json;
    expect(body.code).toBe("FORBIDDEN_FOR_ROLE");
    expect((await send("GET", "/api/business/staff", undefined, as(staff, false))).status).toBe(403);
    expect((await send("GET", `/api/business/staff/${fx.staff.s2}`, undefined, as(staff, false))).status).toBe(403);
    expect((await send("GET", `/api/business/staff/${fx.staff.s1}/time-off`, undefined, as(staff, false))).status).toBe(
      200,
    );
    const notTheirs = await send("GET", `/api/business/bookings/${other.id}`, undefined, as(staff, false));
    expect(notTheirs.status).toBe(404);
    const cancel = await send("POST", `/api/business/bookings/${other.id}/cancel`, {}, as(staff));
    expect(cancel.status).toBe(404);
    expect(listed.map((b) => b.id)).not.toContain(other.id);
    const cancelled = await send("POST", `/api/business/bookings/${ownId}/cancel`, {}, as(staff));
    expect(cancelled.status).toBe(200);
  });

  it("ends the session on the server at sign-out, and after an hour idle", async () => {
    const owner = await signIn(OWNER);
    expect((await send("DELETE", "/api/console/session", undefined, as(owner))).status).toBe(204);
    expect((await send("GET", "/api/console/session", undefined, as(owner, false))).status).toBe(401);
    expect((await send("GET", "/api/business", undefined, as(owner, false))).status).toBe(401);

    const idle = await signIn(OWNER);
    now = new Date(NOW.getTime() + 61 * 60_000);
    try {
      expect((await send("GET", "/api/business", undefined, as(idle, false))).status).toBe(401);
    } finally {
      now = NOW;
    }
  });

  async function deliverConsoleEmails() {
    smtp.clear();
    const worker = createOutboxWorker({
      db: testDb.database.db,
      handlers: {
        [CONSOLE_EMAIL_TOPIC]: createConsoleEmailHandler({
          transport,
          openLink: sealer.openText,
          // As the server does (main.ts): the business's branding as its visitors' emails wear it.
          branding: createPublicPagesRepository(testDb.database.db).branding,
        }),
      },
    });
    await worker.drain();
    expect(smtp.messages.length).toBe(1);
    const mail = await parseMail(smtp.messages[0]!);
    const token = /#token=([\w-]{43})/.exec(mail.text ?? "")?.[1];
    expect(token).toBeDefined();
    return { mail, token: token! };
  }

  it("emails a one-time sign-in link (sealed while it waits), which signs in once", async () => {
    expect((await send("POST", "/api/console/sign-in-links", { email: "nobody@x.example" })).status).toBe(202);
    expect((await send("POST", "/api/console/sign-in-links", { email: STAFF.email.toUpperCase() })).status).toBe(202);
    const queued = await testDb.database.db
      .select()
      .from(t.outbox)
      .where(sql`${t.outbox.topic} = ${CONSOLE_EMAIL_TOPIC}`);
    expect(queued).toHaveLength(1);
    expect(JSON.stringify(queued[0]!.payload)).not.toMatch(/token=/);

    const { mail, token } = await deliverConsoleEmails();
    expect(mail.subject).toBe("Ihr Anmeldelink für Test Studio");
    expect(mail.text).toContain("https://book.example.com/de/console/sign-in/link#token=");
    const first = await send("POST", "/api/console/session/link", { token });
    expect(first.status).toBe(200);
    expect(((await first.json()) as Json).user.email).toBe(STAFF.email);
    const again = await send("POST", "/api/console/session/link", { token });
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).code).toBe("LINK_INVALID");
  });

  it("wears the business's name and brand colour, as its visitors' emails do, not the product's look", async () => {
    // Without a colour: the business's name heads it, in the product's blue.
    await send("POST", "/api/console/sign-in-links", { email: OWNER.email });
    const plain = (await deliverConsoleEmails()).mail;
    expect(plain.html).toContain('color:#1d4ed8">Test Studio</p>');
    expect(plain.html).not.toContain("Online booking");

    await testDb.database.db
      .update(t.businesses)
      .set({ brandColour: "#0f766e" })
      .where(eq(t.businesses.id, fx.businessId));
    try {
      await send("POST", "/api/console/sign-in-links", { email: OWNER.email });
      const { mail } = await deliverConsoleEmails();
      const html = String(mail.html);
      expect(html).toContain("border-top:4px solid #0f766e");
      expect(html).toContain('color:#0f766e">Test Studio</p>');
      // The button in the brand colour, the link in it.
      expect(html).toMatch(
        /<a href="https:\/\/book\.example\.com\/console\/sign-in\/link#token=[^"]+" style="[^"]*background:#0f766e/,
      );
      // The same masthead, to the character, as a booking confirmation of this business (one definition).
      const visitor = renderNotification(
        notification("booking_confirmed", { businessName: "Test Studio" }),
        { name: "Ada", address: "ada@example.com", role: "contact" },
        { now: NOW, fallbackOrganizerEmail: "studio@studio.example", brand: { logo: null, brandColour: "#0f766e" } },
      );
      const masthead = (doc: string) =>
        doc
          .split("\n")
          .slice(4, 6)
          .map((line) => line.replace(/ aria-label="[^"]*" lang="[^"]*"/, ""));
      expect(masthead(html)).toEqual(masthead(visitor.html));
      expect(mail.text).not.toContain("<");
    } finally {
      await testDb.database.db
        .update(t.businesses)
        .set({ brandColour: null })
        .where(eq(t.businesses.id, fx.businessId));
    }
  });

  it("resets a password by email: a weak one is refused without spending the link; others' sessions end", async () => {
    const before = await signIn(OWNER);
    await send("POST", "/api/console/password-resets", { email: OWNER.email });
    const { mail, token } = await deliverConsoleEmails();
    expect(mail.subject).toBe("Reset your password for Test Studio");

    const weak = await send("POST", "/api/console/password-resets/confirm", { token, password: "short" });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as Json).code).toBe("PASSWORD_TOO_SHORT");
    const newPassword = "a brand new owner passphrase";
    const reset = await send("POST", "/api/console/password-resets/confirm", { token, password: newPassword });
    expect(reset.status).toBe(200);
    expect((await send("GET", "/api/business", undefined, as(before, false))).status).toBe(401);
    expect((await send("POST", "/api/console/session", OWNER)).status).toBe(401);
    await signIn({ email: OWNER.email, password: newPassword });
    OWNER.password = newPassword;
  });

  it("limits failed password attempts per address, whichever clients they come from; successes do not count", async () => {
    for (let i = 0; i < 12; i++) await signIn(STAFF);
    const target = { email: "limited@studio.example", password: "wrong password" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send("POST", "/api/console/session", target)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Further attempts are refused before any password is checked, until the window ends.
    expect((await send("POST", "/api/console/session", { ...target, password: "anything else" })).status).toBe(429);
  });
});
