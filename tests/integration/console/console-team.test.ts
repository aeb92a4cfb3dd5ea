/**
 * Issue 18, the owner's team and everyone's own account: invitations by email whose one-time link
 * chooses a password, roles and linked staff members, removal that ends sessions at once, a business
 * that always keeps an owner (also when two owners remove each other at the same moment), password
 * changes that end the user's other sessions, and the list of a user's sessions.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTransport, type EmailTransport } from "../../../src/adapters/email/build-transport.ts";
import { createConsoleEmailHandler } from "../../../src/adapters/email/console-email.ts";
import { createPublicPagesRepository } from "../../../src/adapters/db/public-pages-repository.ts";
import * as t from "../../../src/adapters/db/schema.ts";
import { eq } from "drizzle-orm";
import { consoleStore, CONSOLE_EMAIL_TOPIC } from "../../../src/adapters/db/console/console-store.ts";
import { createLinkSealer } from "../../../src/adapters/outbox/link-sealing.ts";
import { createOutboxWorker } from "../../../src/adapters/outbox/outbox-worker.ts";
import { argon2Passwords } from "../../../src/adapters/passwords/argon2.ts";
import { createLogin } from "../../../src/app/console/accounts.ts";
import { INVITES_PER_HOUR } from "../../../src/server/routes/console/team-routes.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../support/databases.ts";
import { parseMail, startSmtpReceiver, type SmtpReceiver } from "../../support/smtp-receiver.ts";
import { bookingApp, NOW, seedBookingFixture, type Fixture } from "../booking-fixtures.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const OWNER_LOGIN = { email: "owner@team.example", password: "the owner's long passphrase" };
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe.each(DATABASE_KINDS)("console team and account on %s", (kind) => {
  let testDb: TestDatabase;
  let fx: Fixture;
  let app: ReturnType<typeof bookingApp>;
  let smtp: SmtpReceiver;
  let transport: EmailTransport;
  let now = NOW;
  // Changed by the password test, for the tests after it.
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
    const created = await createLogin(deps, { businessId: fx.businessId, name: "Olga Owner", role: "owner", ...OWNER });
    expect(created.ok).toBe(true);
    smtp = await startSmtpReceiver();
    transport = buildTransport({ smtpUrl: smtp.url, from: "Console <console@team.example>", dataDir: "/tmp" });
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

  type Signed = { cookie: string; csrf: string };
  async function signIn(who: { email: string; password: string }, userAgent = FIREFOX): Promise<Signed> {
    const res = await send("POST", "/api/console/session", who, { "user-agent": userAgent });
    expect(res.status).toBe(200);
    return {
      cookie: res.headers.get("set-cookie")!.split(";")[0]!,
      csrf: ((await res.json()) as Json).csrfToken as string,
    };
  }
  const as = (s: Signed) => ({ cookie: s.cookie, "x-csrf-token": s.csrf });
  const call = async (s: Signed, method: string, path: string, body?: unknown) => {
    const res = await send(method, path, body, as(s));
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
  };

  /** Delivers the queued console emails by SMTP and returns the one invitation with its link's token. */
  async function deliverInvitation() {
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
    const token = /\/console\/reset-password#token=([\w-]{43})/.exec(mail.text ?? "")?.[1];
    expect(token).toBeDefined();
    return { mail, token: token! };
  }

  const choosePassword = (token: string, password: string, userAgent = SAFARI) =>
    send("POST", "/api/console/password-resets/confirm", { token, password }, { "user-agent": userAgent });

  const sam = { email: "sam@team.example", password: "sam's very own passphrase" };
  let samId = "";

  it("invites a staff login by email; its link chooses the password once and signs in as that staff member", async () => {
    const owner = await signIn(OWNER);
    const invited = await call(owner, "POST", "/api/console/team", {
      email: "  Sam@Team.example ",
      name: "Sam Staff",
      role: "staff",
      staffId: fx.staff.s1,
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: sam.email,
      role: "staff",
      staffId: fx.staff.s1,
      invitationPending: true,
      lastSignInAt: null,
    });
    expect(invited.body.staffName).toEqual(expect.any(String));
    samId = invited.body.id as string;

    // The invitation wears the business's brand colour and name, as its visitors' emails do.
    await testDb.database.db
      .update(t.businesses)
      .set({ brandColour: "#7c2d12" })
      .where(eq(t.businesses.id, fx.businessId));
    const { mail, token } = await deliverInvitation();
    await testDb.database.db.update(t.businesses).set({ brandColour: null }).where(eq(t.businesses.id, fx.businessId));
    expect(JSON.stringify(mail.to)).toContain(sam.email);
    expect(mail.subject).toBe("Olga Owner invited you to Test Studio");
    expect(mail.html).toContain('color:#7c2d12">Test Studio</p>');
    expect(mail.html).toMatch(/reset-password#token=[^"]+" style="[^"]*background:#7c2d12/);
    expect(mail.text).toContain("https://book.example.com/console/reset-password#token=");
    expect(mail.text).toContain("for 3 days");

    expect((await choosePassword(token, "too short")).status).toBe(400);
    const chosen = await choosePassword(token, sam.password);
    expect(chosen.status).toBe(200);
    expect(((await chosen.json()) as Json).user).toMatchObject({ role: "staff", staffId: fx.staff.s1 });
    const again = await choosePassword(token, "another long passphrase");
    expect(again.status).toBe(400);
    expect(((await again.json()) as Json).code).toBe("LINK_INVALID");

    const team = await call(owner, "GET", "/api/console/team");
    const row = (team.body as unknown as Json[]).find((m) => m.id === samId)!;
    expect(row.invitationPending).toBe(false);
    expect(row.lastSignInAt).toBe(NOW.toISOString());
  });

  it("refuses a staff login everything of the team, and asks the CSRF token of owners", async () => {
    const staff = await signIn(sam);
    for (const [method, path, body] of [
      ["GET", "/api/console/team", undefined],
      ["POST", "/api/console/team", { email: "x@team.example", name: "X", role: "owner" }],
      ["DELETE", `/api/console/team/${samId}`, undefined],
      ["PATCH", `/api/console/team/${samId}`, { role: "owner" }],
    ] as const) {
      const refused = await call(staff, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.code).toBe("FORBIDDEN_FOR_ROLE");
    }
    const owner = await signIn(OWNER);
    const noToken = await send("GET", "/api/console/team", undefined, { cookie: owner.cookie });
    expect(noToken.status).toBe(200);
    const forged = await send(
      "POST",
      "/api/console/team",
      { email: "x@team.example", name: "X", role: "owner" },
      { cookie: owner.cookie },
    );
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as Json).code).toBe("CSRF_FAILED");
    expect((await send("GET", "/api/console/team")).status).toBe(401);
  });

  it("says what is wrong with an invitation, next to the field", async () => {
    const owner = await signIn(OWNER);
    const noStaff = await call(owner, "POST", "/api/console/team", {
      email: "n@team.example",
      name: "N",
      role: "staff",
    });
    expect(noStaff.status).toBe(400);
    expect(noStaff.body.errors).toEqual([expect.objectContaining({ path: "staffId", code: "STAFF_REQUIRED" })]);
    const otherStaff = await call(owner, "POST", "/api/console/team", {
      email: "n@team.example",
      name: "N",
      role: "staff",
      staffId: "00000000-0000-4000-8000-000000000000",
    });
    expect(otherStaff.status).toBe(404);
    expect(otherStaff.body.errors[0].path).toBe("staffId");
    const taken = await call(owner, "POST", "/api/console/team", { email: sam.email, name: "Sam", role: "owner" });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([expect.objectContaining({ path: "email", code: "EMAIL_TAKEN" })]);
    const badEmail = await call(owner, "POST", "/api/console/team", {
      email: "not an address",
      name: "",
      role: "owner",
    });
    expect(badEmail.status).toBe(400);
    expect((badEmail.body.errors as Json[]).map((e) => e.path).sort()).toEqual(["email", "name"]);
    const german = await send(
      "DELETE",
      `/api/console/team/${(await call(owner, "GET", "/api/console/session")).body.user.id}`,
      undefined,
      { ...as(owner), "accept-language": "de" },
    );
    expect(german.status).toBe(409);
    expect(((await german.json()) as Json).detail).toBe(
      "Das Unternehmen braucht einen Inhaber: Machen Sie zuerst ein anderes Konto zum Inhaber.",
    );
  });

  it("sends an invitation again with a new link (the earlier one stops working); a link expires after 3 days", async () => {
    const owner = await signIn(OWNER);
    const invited = await call(owner, "POST", "/api/console/team", {
      email: "pat@team.example",
      name: "Pat",
      role: "owner",
    });
    expect(invited.status).toBe(201);
    const first = await deliverInvitation();
    expect((await call(owner, "POST", `/api/console/team/${invited.body.id}/invitation`)).status).toBe(202);
    const second = await deliverInvitation();
    expect(second.token).not.toBe(first.token);
    expect(((await (await choosePassword(first.token, "pat's long passphrase")).json()) as Json).code).toBe(
      "LINK_INVALID",
    );
    now = new Date(NOW.getTime() + 3 * 24 * 60 * 60_000 + 60_000);
    try {
      const expired = await choosePassword(second.token, "pat's long passphrase");
      expect(expired.status).toBe(400);
      expect(((await expired.json()) as Json).code).toBe("LINK_INVALID");
    } finally {
      now = NOW;
    }
    const joined = await call(owner, "POST", `/api/console/team/${samId}/invitation`);
    expect(joined.status).toBe(409);
    expect(joined.body.code).toBe("ALREADY_JOINED");
    expect((await call(owner, "DELETE", `/api/console/team/${invited.body.id}`)).status).toBe(204);
  });

  it("changes a login's role at once for its open sessions, and never leaves the business without an owner", async () => {
    const owner = await signIn(OWNER);
    const ownerId = (await call(owner, "GET", "/api/console/session")).body.user.id as string;
    const demoteSelf = await call(owner, "PATCH", `/api/console/team/${ownerId}`, {
      role: "staff",
      staffId: fx.staff.s2,
    });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.code).toBe("LAST_OWNER");
    expect((await call(owner, "DELETE", `/api/console/team/${ownerId}`)).body.code).toBe("LAST_OWNER");

    const staff = await signIn(sam);
    expect((await call(staff, "GET", "/api/business/api-keys")).status).toBe(403);
    const promoted = await call(owner, "PATCH", `/api/console/team/${samId}`, { role: "owner" });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: "owner", staffId: null });
    expect((await call(staff, "GET", "/api/business/api-keys")).status).toBe(200);

    // Two owners remove each other at the same moment: one of them stays.
    const [a, b] = await Promise.all([
      call(owner, "DELETE", `/api/console/team/${samId}`),
      call(staff, "DELETE", `/api/console/team/${ownerId}`),
    ]);
    // The loser answers 409 when its request got past sign-in before the winner committed, or 401
    // when the winner had already removed it (and with it its session): both keep one owner.
    const [won, lost] = a.status === 204 ? [a, b] : [b, a];
    expect(won.status).toBe(204);
    expect([401, 409]).toContain(lost.status);
    const survivor = a.status === 204 ? owner : staff;
    const team = (await call(survivor, "GET", "/api/console/team")).body as unknown as Json[];
    expect(team.filter((m) => m.role === "owner")).toHaveLength(1);

    // Put things back as the next tests expect them: Olga the owner, Sam staff member s1.
    if (a.status !== 204) {
      const back = await call(staff, "POST", "/api/console/team", {
        email: OWNER.email,
        name: "Olga Owner",
        role: "owner",
      });
      expect(back.status).toBe(201);
      const { token } = await deliverInvitation();
      expect((await choosePassword(token, OWNER.password)).status).toBe(200);
      const olga = await signIn(OWNER);
      expect((await call(olga, "DELETE", `/api/console/team/${samId}`)).status).toBe(204);
    }
    const olga = await signIn(OWNER);
    const reinvited = await call(olga, "POST", "/api/console/team", {
      email: sam.email,
      name: "Sam Staff",
      role: "staff",
      staffId: fx.staff.s1,
    });
    samId = reinvited.body.id as string;
    const { token } = await deliverInvitation();
    expect((await choosePassword(token, sam.password)).status).toBe(200);
  });

  it("removes a login, and its open session stops working at once", async () => {
    const owner = await signIn(OWNER);
    const staff = await signIn(sam);
    expect((await call(staff, "GET", "/api/business")).status).toBe(200);
    const moved = await call(owner, "PATCH", `/api/console/team/${samId}`, { staffId: fx.staff.s2 });
    expect(moved.body.staffId).toBe(fx.staff.s2);
    expect((await call(staff, "GET", "/api/console/session")).body.user.staffId).toBe(fx.staff.s2);
    expect((await call(owner, "DELETE", `/api/console/team/${samId}`)).status).toBe(204);
    expect((await call(staff, "GET", "/api/business")).status).toBe(401);
    expect((await call(staff, "GET", "/api/console/session")).status).toBe(401);
    expect((await send("POST", "/api/console/session", sam)).status).toBe(401);
    expect((await call(owner, "DELETE", `/api/console/team/${samId}`)).status).toBe(404);
    // The address is free again (its sign-in look-up row went with the login), whatever its case.
    const again = await call(owner, "POST", "/api/console/team", {
      email: sam.email.toUpperCase(),
      name: "Sam",
      role: "staff",
      staffId: fx.staff.s2,
    });
    expect(again.status).toBe(201);
    const takenAgain = await call(owner, "POST", "/api/console/team", { email: sam.email, name: "Sam", role: "owner" });
    expect(takenAgain.body.errors).toEqual([expect.objectContaining({ path: "email", code: "EMAIL_TAKEN" })]);
    expect((await call(owner, "DELETE", `/api/console/team/${again.body.id as string}`)).status).toBe(204);
  });

  it("changes the user's own name and password; the other sessions end, this one stays", async () => {
    const here = await signIn(OWNER, FIREFOX);
    const phone = await signIn(OWNER, SAFARI);
    const renamed = await call(here, "PATCH", "/api/console/account", { name: "  Olga O.  " });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.name).toBe("Olga O.");
    expect((await call(here, "PATCH", "/api/console/account", { name: " " })).status).toBe(400);

    const wrong = await call(here, "POST", "/api/console/account/password", {
      currentPassword: "not my password",
      newPassword: "a new owner passphrase",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      expect.objectContaining({ path: "currentPassword", code: "CURRENT_PASSWORD_WRONG" }),
    ]);
    const short = await call(here, "POST", "/api/console/account/password", {
      currentPassword: OWNER.password,
      newPassword: "short",
    });
    expect(short.body.errors).toEqual([expect.objectContaining({ path: "newPassword", code: "PASSWORD_TOO_SHORT" })]);
    expect((await call(phone, "GET", "/api/business")).status).toBe(200);

    const changed = await call(here, "POST", "/api/console/account/password", {
      currentPassword: OWNER.password,
      newPassword: "a new owner passphrase",
    });
    expect(changed.status).toBe(204);
    expect((await call(here, "GET", "/api/business")).status).toBe(200);
    expect((await call(phone, "GET", "/api/business")).status).toBe(401);
    expect((await send("POST", "/api/console/session", OWNER)).status).toBe(401);
    OWNER.password = "a new owner passphrase";
    await call(here, "PATCH", "/api/console/account", { name: "Olga Owner" });
  });

  it("lists the user's sessions with their browsers, and ends one or all the others", async () => {
    const here = await signIn(OWNER, FIREFOX);
    const phone = await signIn(OWNER, SAFARI);
    const tablet = await signIn(OWNER, "curl/8");
    const listed = (await call(here, "GET", "/api/console/account/sessions")).body as unknown as Json[];
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.find((s) => s.current)!.browser).toEqual({ browser: "Firefox", system: "Windows" });
    expect(listed.map((s) => s.browser)).toContainEqual({ browser: "Safari", system: "iOS" });
    expect(listed.map((s) => s.browser)).toContainEqual({ browser: null, system: null });
    expect(JSON.stringify(listed)).not.toMatch(/[0-9a-f]{64}/);

    const phoneId = ((await call(phone, "GET", "/api/console/account/sessions")).body as unknown as Json[]).find(
      (s) => s.current,
    )!.id as string;
    expect((await call(here, "DELETE", `/api/console/account/sessions/${phoneId}`)).status).toBe(204);
    expect((await call(phone, "GET", "/api/business")).status).toBe(401);
    expect((await call(here, "DELETE", `/api/console/account/sessions/${phoneId}`)).status).toBe(404);
    expect((await call(here, "DELETE", "/api/console/account/sessions/not-an-id")).status).toBe(404);

    expect((await call(tablet, "GET", "/api/business")).status).toBe(200);
    expect((await call(here, "POST", "/api/console/account/sessions/end-others")).status).toBe(204);
    expect((await call(tablet, "GET", "/api/business")).status).toBe(401);
    const left = (await call(here, "GET", "/api/console/account/sessions")).body as unknown as Json[];
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it(`limits invitations to ${INVITES_PER_HOUR} an hour per owner`, async () => {
    const owner = await signIn(OWNER);
    const statuses: number[] = [];
    for (let i = 0; i <= INVITES_PER_HOUR; i++)
      statuses.push(
        (await call(owner, "POST", "/api/console/team", { email: `n${i}@team.example`, name: `N${i}`, role: "owner" }))
          .status,
      );
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(INVITES_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
  });
});
