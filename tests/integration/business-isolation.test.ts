/**
 * Tenant isolation: with business A's key, every business endpoint is tried against every kind of
 * resource of business B — read, update, delete, nested paths, list filters, ids in bodies, guessed
 * ids — and each is a 404 that leaks nothing of B; B is unchanged afterwards. The endpoint matrix is
 * generated from the OpenAPI operations (business-openapi.ts), and the suite fails when the router
 * and the documented operations differ, so a new endpoint cannot escape it.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAPIHono } from "@hono/zod-openapi";
import { businessApi, type BusinessApiDeps } from "../../src/server/routes/business/business-api.ts";
import { openApiDocument } from "../../src/server/routes/openapi-document.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, type App, type Reply } from "./business-fixtures.ts";

const everyDay = Object.fromEntries(
  ["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [{ start: "09:00", end: "17:00" }]]),
);

type Ids = Record<
  | "apiKeyId"
  | "staffId"
  | "timeOffId"
  | "serviceId"
  | "groupId"
  | "calendarId"
  | "serviceCalendarId"
  | "serviceMenuId"
  | "linkId"
  | "bookingId"
  | "webhookId"
  | "postId"
  | "authorId"
  | "categoryId"
  | "previewTokenId"
  | "productId"
  | "collectionId"
  | "couponId"
  | "connectionId"
  | "resourceId"
  | "imageId"
  | "formId"
  | "contactId",
  string
> & { date: string };

/** One resource of every kind, created through the API with the business's own key. */
async function populate(app: App, key: string, tag: string): Promise<Ids> {
  const extraKey = await expectStatus(201, app, "POST", "/api/business/api-keys", key, { name: `${tag} integration` });
  const staff = await expectStatus(201, app, "POST", "/api/business/staff", key, {
    name: `${tag} Staff`,
    email: `staff@${tag}.example`,
    timeZone: "Europe/Paris",
    weeklyHours: everyDay,
  });
  const other = await expectStatus(201, app, "POST", "/api/business/staff", key, {
    name: `${tag} Other`,
    email: `other@${tag}.example`,
    timeZone: "Europe/Paris",
    weeklyHours: everyDay,
  });
  const timeOff = await expectStatus(201, app, "POST", `/api/business/staff/${staff.id}/time-off`, key, {
    startsAt: "2026-12-20T00:00:00Z",
    endsAt: "2026-12-21T00:00:00Z",
    reason: `${tag} holiday`,
  });
  await expectStatus(200, app, "PUT", `/api/business/staff/${staff.id}/date-hours/2026-12-24`, key, {
    intervals: [{ start: "09:00", end: "12:00" }],
  });
  const service = await expectStatus(201, app, "POST", "/api/business/services", key, {
    slug: "cut",
    name: `${tag} Cut`,
    durationMinutes: 30,
    staffIds: [other.id],
  });
  const group = await expectStatus(201, app, "POST", "/api/business/groups", key, {
    slug: "team",
    name: `${tag} Team`,
  });
  const calendar = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
    slug: "intro",
    type: "personal",
    name: `${tag} Intro`,
    groupId: group.id,
    members: [{ staffId: staff.id }],
    settings: { minimumNoticeMinutes: 0, autoConfirm: false },
  });
  const serviceCalendar = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
    slug: "salon",
    type: "service",
    name: `${tag} Salon`,
    members: [{ staffId: other.id }],
    serviceIds: [service.id],
  });
  const menu = await expectStatus(201, app, "POST", "/api/business/service-menus", key, {
    slug: "menu",
    name: `${tag} Menu`,
    calendarId: serviceCalendar.id,
    serviceIds: [service.id],
  });
  const link = await expectStatus(201, app, "POST", "/api/business/one-time-links", key, { calendarId: calendar.id });
  const booking = await expectStatus(201, app, "POST", "/api/bookings", null, {
    calendarId: calendar.id,
    startTime: "2026-12-07T10:00:00+01:00",
    timezone: "Europe/Paris",
    contact: { firstName: tag, lastName: "Visitor", email: `visitor@${tag}.example` },
  });
  const webhook = await expectStatus(201, app, "POST", "/api/business/webhooks", key, {
    url: `https://hooks.${tag}.example/in`,
    events: ["booking.created"],
  });
  // Calendar sync: a feed on a name that does not resolve (status error, which is fine here).
  const connection = await expectStatus(201, app, "POST", `/api/business/staff/${staff.id}/calendars`, key, {
    kind: "ics",
    url: `https://calendar.${tag}.invalid/feed.ics`,
  });
  await expectStatus(201, app, "POST", `/api/business/staff/${staff.id}/feed`, key);
  const author = await expectStatus(201, app, "POST", "/api/business/authors", key, {
    slug: "ann",
    name: `${tag} Ann`,
  });
  const category = await expectStatus(201, app, "POST", "/api/business/categories", key, {
    slug: "care",
    label: `${tag} Care`,
  });
  const post = await expectStatus(201, app, "POST", "/api/business/posts", key, {
    slug: "hello",
    title: `${tag} Hello`,
    authorId: author.id,
    categoryIds: [category.id],
    tags: [`${tag}-tag`],
  });
  const previewToken = await expectStatus(201, app, "POST", "/api/business/preview-tokens", key, {
    label: `${tag} reviewer`,
  });
  const product = await expectStatus(201, app, "POST", "/api/business/products", key, {
    slug: "oil",
    title: `${tag} Oil`,
    currency: "EUR",
    options: [{ name: "Size", values: [`${tag}-size`] }],
    variants: [{ options: [`${tag}-size`], priceMinor: 1900, sku: `${tag}-sku` }],
  });
  const collection = await expectStatus(201, app, "POST", "/api/business/collections", key, {
    slug: "care",
    name: `${tag} Care`,
    productIds: [product.id],
  });
  const coupon = await expectStatus(201, app, "POST", "/api/business/coupons", key, {
    code: `${tag}10`,
    value: { kind: "percentage", percent: 10 },
    serviceIds: [service.id],
    calendarIds: [serviceCalendar.id],
  });
  const resource = await expectStatus(201, app, "POST", "/api/business/resources", key, {
    name: `${tag} Room`,
    kind: "room",
    capacity: 2,
    timeZone: "Europe/Paris",
  });
  await expectStatus(201, app, "POST", `/api/business/resources/${resource.id}/time-off`, key, {
    startsAt: "2026-12-22T00:00:00Z",
    endsAt: "2026-12-23T00:00:00Z",
    reason: `${tag} repair`,
  });
  await expectStatus(200, app, "PUT", `/api/business/services/${service.id}/resources`, key, [
    { mode: "any", resourceIds: [resource.id] },
  ]);
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#777" } })
    .png()
    .toBuffer();
  const uploaded = await app.request("/api/business/images", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "image/png" },
    body: picture,
  });
  if (uploaded.status !== 201) throw new Error(`image upload: ${uploaded.status} ${await uploaded.text()}`);
  const image = (await uploaded.json()) as { id: string };
  const form = await expectStatus(201, app, "POST", "/api/business/forms", key, {
    kind: "form",
    name: `${tag} Intake`,
    definition: {
      formatVersion: 1,
      slides: [{ id: "main", fields: [{ id: "goal", type: "text", label: { en: `${tag} goal` } }] }],
      endings: [{ id: "thanks", kind: "message", title: { en: "Thanks" } }],
    },
  });
  await expectStatus(200, app, "PATCH", `/api/business/calendars/${calendar.id}`, key, { formId: form.id });
  // The booker made a contact (booking above).
  const contacts = await expectStatus(200, app, "GET", "/api/business/contacts", key);
  return {
    imageId: image.id,
    formId: form.id,
    contactId: contacts.items[0].id,
    couponId: coupon.id,
    resourceId: resource.id,
    productId: product.id,
    collectionId: collection.id,
    webhookId: webhook.id,
    connectionId: connection.id,
    apiKeyId: extraKey.apiKey.id,
    postId: post.id,
    authorId: author.id,
    categoryId: category.id,
    previewTokenId: previewToken.previewToken.id,
    staffId: staff.id,
    timeOffId: timeOff.id,
    serviceId: service.id,
    groupId: group.id,
    calendarId: calendar.id,
    serviceCalendarId: serviceCalendar.id,
    serviceMenuId: menu.id,
    linkId: link.id,
    bookingId: booking.id,
    date: "2026-12-24",
  };
}

/** A body each documented request schema accepts, so the ownership check (not validation) answers. */
function sampleBody(schema: string, a: Ids): unknown {
  const samples: Record<string, unknown> = {
    BusinessPatch: { name: "Mallory" },
    ApiKeyCreate: { name: "Mallory" },
    StaffCreate: { name: "Mallory", email: "m@evil.example", timeZone: "UTC" },
    StaffPatch: { name: "Mallory" },
    WeeklyHours: { "1": [{ start: "00:00", end: "24:00" }] },
    DateHours: { intervals: [] },
    TimeOffCreate: { startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-12-31T00:00:00Z" },
    ServiceCreate: { slug: "evil", name: "Mallory", durationMinutes: 30 },
    ServicePatch: { name: "Mallory" },
    GroupCreate: { slug: "evil", name: "Mallory" },
    GroupPatch: { name: "Mallory", isActive: false },
    CalendarCreate: { slug: "evil", type: "personal", name: "Mallory", members: [{ staffId: a.staffId }] },
    CalendarPatch: { name: "Mallory", isActive: false },
    MembersBody: { members: [{ staffId: a.staffId }] },
    ServiceIdsBody: { serviceIds: [] },
    ServiceMenuCreate: { slug: "evil", name: "Mallory", calendarId: a.serviceCalendarId },
    ServiceMenuPatch: { name: "Mallory" },
    OneTimeLinkCreate: { calendarId: a.calendarId },
    ReasonBody: { reason: "Mallory" },
    PostPatch: { title: "Mallory", authorId: a.authorId },
    AuthorPatch: { name: "Mallory" },
    CategoryPatch: { label: "Mallory" },
    ProductPatch: { title: "Mallory", variants: [{ priceMinor: 1 }] },
    CollectionPatch: { name: "Mallory", productIds: [a.productId] },
    RescheduleBody: { startTime: "2026-12-08T11:00:00+01:00", timezone: "Europe/Paris" },
    WebhookCreate: { url: "https://evil.example/in", events: ["booking.created"] },
    WebhookPatch: { url: "https://evil.example/in", isActive: false },
    CouponPatch: { code: "MALLORY", isActive: false },
    CalendarConnectionCreate: { kind: "ics", url: "https://evil.invalid/feed.ics" },
    ResourceCreate: { name: "Mallory", kind: "room", capacity: 1, timeZone: "UTC" },
    ResourcePatch: { name: "Mallory", capacity: 9 },
    ServiceResources: [{ mode: "any", resourceIds: [a.resourceId] }],
  };
  if (!(schema in samples))
    throw new Error(`No sample body for ${schema}: add one so the isolation matrix covers the endpoint`);
  return samples[schema];
}

/** Every business operation, from the API's own definitions (the served document is made from the same). */
function businessOperations() {
  const root = new OpenAPIHono();
  // Building the routes touches no dependency; only handling a request would.
  root.route("/api/business", businessApi({} as BusinessApiDeps));
  type Operation = { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } };
  const paths = openApiDocument(root).paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      path,
      method: method.toUpperCase(),
      body: op.requestBody?.content["application/json"]?.schema.$ref?.split("/").pop(),
      params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    })),
  );
}
const operations = businessOperations();

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? `missing-${name}`));

describe.each(DATABASE_KINDS)("business tenant isolation on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let A: { id: string; key: string };
  let B: { id: string; key: string };
  let a: Ids;
  let b: Ids;
  let secretsOfB: string[];

  /** B as B sees it, through every read endpoint. */
  async function snapshotOfB() {
    const paths = [
      "/api/business",
      "/api/business/api-keys",
      "/api/business/staff",
      `/api/business/staff/${b.staffId}/time-off`,
      `/api/business/staff/${b.staffId}/date-hours`,
      `/api/business/staff/${b.staffId}/calendars`,
      "/api/business/services",
      "/api/business/groups",
      "/api/business/calendars",
      "/api/business/service-menus",
      "/api/business/one-time-links",
      "/api/business/bookings?from=2026-11-01&to=2027-01-31",
      "/api/business/webhooks",
      `/api/business/webhooks/${b.webhookId}/deliveries`,
      "/api/business/posts",
      "/api/business/authors",
      "/api/business/categories",
      "/api/business/tags",
      "/api/business/preview-tokens",
      "/api/business/products",
      "/api/business/collections",
      "/api/business/coupons",
      "/api/business/contacts",
      `/api/business/contacts/${b.contactId}`,
      "/api/business/forms",
      "/api/business/resources",
      `/api/business/resources/${b.resourceId}/time-off`,
      `/api/business/services/${b.serviceId}/resources`,
      "/api/business/resource-needs",
      "/api/business/images",
      `/api/business/images/${b.imageId}`,
    ];
    return Promise.all(paths.map(async (p) => (await expectStatus(200, app, "GET", p, B.key)) as unknown));
  }

  function expectNoLeak(reply: Reply, what: string) {
    for (const secret of secretsOfB) expect(reply.text, `${what} leaks ${secret}`).not.toContain(secret);
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    A = await newBusiness(testDb.database, "Studio A");
    B = await newBusiness(testDb.database, "Studio B");
    a = await populate(app, A.key, "alpha");
    b = await populate(app, B.key, "bravo");
    const { date: _date, ...idsOfB } = b;
    secretsOfB = [B.id, ...Object.values(idsOfB), "bravo", "Studio B", B.key];
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("documents exactly the routes the router serves", () => {
    const served = new Set(
      app.routes
        .filter((r) => r.method !== "ALL" && (r.path === "/api/business" || r.path.startsWith("/api/business/")))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, "").replace(/:(\w+)/g, "{$1}")}`),
    );
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it("answers 404 to every endpoint called with B's ids, leaks nothing, and changes nothing of B", async () => {
    const before = await snapshotOfB();
    const tried: string[] = [];
    for (const op of operations.filter((o) => o.params.length > 0)) {
      // All of B's ids; and, for nested paths, A's parent with B's child (and the reverse).
      const variants: Record<string, string>[] = [{ ...b }];
      if (op.params.filter((p) => p !== "date").length > 1) {
        variants.push({ ...b, [op.params[0]!]: (a as Record<string, string>)[op.params[0]!]! });
        variants.push({ ...a, [op.params[0]!]: (b as Record<string, string>)[op.params[0]!]! });
      }
      for (const values of variants) {
        const path = fill(op.path, values);
        const reply = await call(app, op.method, path, A.key, op.body ? sampleBody(op.body, a) : undefined);
        expect(reply.status, `${op.method} ${path}: ${reply.text}`).toBe(404);
        expect(reply.headers.get("content-type")).toMatch(/^application\/problem\+json/);
        expectNoLeak(reply, `${op.method} ${path}`);
        tried.push(`${op.method} ${op.path}`);
      }
    }
    expect(new Set(tried).size).toBe(operations.filter((o) => o.params.length > 0).length);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("answers 404 to guessed and malformed ids on every endpoint with ids", async () => {
    for (const guess of [randomUUID(), "00000000-0000-0000-0000-000000000000", "not-a-uuid", "1 or 1=1", "%27"]) {
      for (const op of operations.filter((o) => o.params.length > 0)) {
        const values = Object.fromEntries(op.params.map((p) => [p, p === "date" ? "2026-12-24" : guess]));
        const path = fill(op.path, values);
        const reply = await call(app, op.method, path, A.key, op.body ? sampleBody(op.body, a) : undefined);
        expect(reply.status, `${op.method} ${path}: ${reply.text}`).toBe(404);
      }
    }
  });

  it("refuses B's ids in list filters and in request bodies with 404, and lists nothing of B", async () => {
    const filters = [
      `/api/business/calendars?groupId=${b.groupId}`,
      `/api/business/one-time-links?calendarId=${b.calendarId}`,
      `/api/business/bookings?from=2026-11-01&to=2027-01-31&calendarId=${b.calendarId}`,
    ];
    for (const path of filters) {
      const reply = await call(app, "GET", path, A.key);
      expect(reply.status, path).toBe(404);
      expectNoLeak(reply, path);
    }
    const writes: [string, string, unknown][] = [
      ["POST", "/api/business/posts", { slug: "x0", title: "x", authorId: b.authorId }],
      ["POST", "/api/business/posts", { slug: "x0", title: "x", categoryIds: [b.categoryId] }],
      ["POST", "/api/business/collections", { slug: "x0", name: "x", productIds: [b.productId] }],
      ["PATCH", `/api/business/collections/${a.collectionId}`, { productIds: [a.productId, b.productId] }],
      [
        "POST",
        "/api/business/calendars",
        { slug: "x1", type: "personal", name: "x", members: [{ staffId: b.staffId }] },
      ],
      [
        "POST",
        "/api/business/calendars",
        { slug: "x2", type: "service", name: "x", members: [{ staffId: a.staffId }], serviceIds: [b.serviceId] },
      ],
      [
        "POST",
        "/api/business/calendars",
        { slug: "x3", type: "personal", name: "x", groupId: b.groupId, members: [{ staffId: a.staffId }] },
      ],
      ["PATCH", `/api/business/calendars/${a.calendarId}`, { groupId: b.groupId }],
      ["PATCH", `/api/business/calendars/${a.calendarId}`, { formId: b.formId }],
      ["PUT", `/api/business/calendars/${a.calendarId}/members`, { members: [{ staffId: b.staffId }] }],
      ["PUT", `/api/business/calendars/${a.serviceCalendarId}/services`, { serviceIds: [a.serviceId, b.serviceId] }],
      ["POST", "/api/business/services", { slug: "x4", name: "x", durationMinutes: 30, staffIds: [b.staffId] }],
      ["PATCH", `/api/business/services/${a.serviceId}`, { staffIds: [b.staffId] }],
      ["POST", "/api/business/service-menus", { slug: "x5", name: "x", calendarId: b.serviceCalendarId }],
      [
        "POST",
        "/api/business/service-menus",
        { slug: "x6", name: "x", calendarId: a.serviceCalendarId, serviceIds: [b.serviceId] },
      ],
      ["PUT", `/api/business/service-menus/${a.serviceMenuId}/items`, { serviceIds: [b.serviceId] }],
      ["POST", "/api/business/one-time-links", { calendarId: b.calendarId }],
      [
        "POST",
        "/api/business/coupons",
        { code: "X7", value: { kind: "percentage", percent: 5 }, serviceIds: [b.serviceId] },
      ],
      [
        "POST",
        "/api/business/coupons",
        { code: "X8", value: { kind: "percentage", percent: 5 }, calendarIds: [b.calendarId] },
      ],
      ["PATCH", `/api/business/coupons/${a.couponId}`, { serviceIds: [a.serviceId, b.serviceId] }],
      ["PUT", `/api/business/services/${a.serviceId}/resources`, [{ mode: "all", resourceIds: [b.resourceId] }]],
      ["POST", "/api/business/posts", { slug: "x9", title: "x", imageUrl: `/images/${b.imageId}` }],
      ["PATCH", `/api/business/posts/${a.postId}`, { imageUrl: `/images/${b.imageId}` }],
      [
        "POST",
        "/api/business/products",
        {
          slug: "x10",
          title: "x",
          currency: "EUR",
          variants: [{ priceMinor: 1 }],
          media: [{ url: `/images/${b.imageId}`, alt: "x" }],
        },
      ],
      [
        "PATCH",
        `/api/business/products/${a.productId}`,
        { media: [{ url: `/images/${b.imageId}/320.webp`, alt: "x" }] },
      ],
    ];
    for (const [method, path, body] of writes) {
      const reply = await call(app, method, path, A.key, body);
      expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(404);
      expect(reply.body.code).toBe("REFERENCE_NOT_FOUND");
      expectNoLeak(reply, `${method} ${path}`);
    }
    // A Markdown import naming B's author, category or image: each file refused as POST /posts would be.
    const imported = await expectStatus(200, app, "POST", "/api/business/posts/import", A.key, {
      files: [
        { name: "i1.md", markdown: `---\nauthor: ${b.authorId}\n---\n# x` },
        { name: "i2.md", markdown: `---\ncategories: [${b.categoryId}]\n---\n# x` },
        { name: "i3.md", markdown: `---\nimageUrl: /images/${b.imageId}\n---\n# x` },
      ],
    });
    expect(imported.created).toBe(0);
    for (const file of imported.files) {
      expect(file, JSON.stringify(file)).toMatchObject({ status: 404, problem: { code: "REFERENCE_NOT_FOUND" } });
    }
    expectNoLeak({ ...imported, text: JSON.stringify(imported) } as Reply, "POST /api/business/posts/import");
    // A's own resources are untouched by the refused writes.
    expect((await expectStatus(200, app, "GET", `/api/business/calendars/${a.calendarId}`, A.key)).members).toEqual([
      { staffId: a.staffId, priority: 0.5, isPrimary: true },
    ]);

    const lists = operations.filter((o) => o.method === "GET" && o.params.length === 0);
    expect(lists.length).toBeGreaterThan(5);
    for (const op of lists) {
      const reply = await call(
        app,
        "GET",
        op.path === "/api/business/bookings" ? `${op.path}?from=2026-06-01&to=2027-06-01` : op.path,
        A.key,
      );
      expect(reply.status, op.path).toBe(200);
      expectNoLeak(reply, op.path);
    }
    // Searching A's contacts for B's visitor finds nothing.
    const searched = await expectStatus(200, app, "GET", "/api/business/contacts?search=bravo", A.key);
    expect(searched.items).toEqual([]);
    // Same slugs in two businesses are fine: slugs are unique per business only.
    expect(
      (await expectStatus(200, app, "GET", "/api/business/calendars", A.key)).map((c: { slug: string }) => c.slug),
    ).toContain("intro");
  });
});
