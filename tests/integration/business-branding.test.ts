/**
 * Issue 18, branding (ADR 0049): a business sets its logo (one of its own uploaded images, never
 * another business's nor any address), brand colour (a hex colour, stored as #rrggbb) and theme
 * through PATCH /api/business; GET answers them, refusals name their field, and the public pages'
 * read gives the logo's <img> only while the image is still the business's.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, call, expectStatus, newBusiness, type App } from "./business-fixtures.ts";

const logoPng = () =>
  sharp({ create: { width: 600, height: 200, channels: 3, background: "#0b5cad" } })
    .png()
    .toBuffer();

describe.each(DATABASE_KINDS)("business branding on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;
  let businessId: string;
  let otherKey: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    ({ key, id: businessId } = await newBusiness(testDb.database, "Brand Studio"));
    otherKey = (await newBusiness(testDb.database, "Other Studio")).key;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const upload = async (as: string) => {
    const response = await app.request("/api/business/images", {
      method: "POST",
      headers: { authorization: `Bearer ${as}`, "content-type": "image/png" },
      body: new Uint8Array(await logoPng()),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; url: string };
  };

  it("starts with the product's look", async () => {
    const business = await expectStatus(200, app, "GET", "/api/business", key);
    expect(business).toMatchObject({ logoUrl: null, brandColour: null, theme: "light" });
  });

  it("keeps a logo of its own, a colour as #rrggbb and a theme, and the public pages read them", async () => {
    const image = await upload(key);
    const changed = await expectStatus(200, app, "PATCH", "/api/business", key, {
      logoUrl: image.url,
      brandColour: "#FA0",
      theme: "dark",
    });
    expect(changed).toMatchObject({ logoUrl: `/images/${image.id}`, brandColour: "#ffaa00", theme: "dark" });
    expect(await expectStatus(200, app, "GET", "/api/business", key)).toMatchObject(changed);

    const pages = createPublicPagesRepository(testDb.database.db);
    expect(await pages.branding(businessId)).toEqual({
      name: "Brand Studio",
      logo: { src: `/images/${image.id}/320.webp`, width: 120, height: 40 },
      brandColour: "#ffaa00",
      theme: "dark",
      // The language its own texts are written in (ADR 0061): the test business's.
      locale: "fr",
    });

    // An image removed is a logo no more: no broken <img>, the name alone.
    await expectStatus(204, app, "DELETE", `/api/business/images/${image.id}`, key);
    expect((await pages.branding(businessId))?.logo).toBeNull();
  });

  it("refuses another business's image, any other address, a colour that is not hex and an unknown theme, each at its field", async () => {
    const theirs = await upload(otherKey);
    const refused = await call(app, "PATCH", "/api/business", key, { logoUrl: theirs.url });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: "REFERENCE_NOT_FOUND", errors: [{ path: "logoUrl" }] });

    for (const [field, value] of [
      ["logoUrl", "https://evil.example.com/logo.png"],
      ["logoUrl", "javascript:alert(1)"],
      ["brandColour", "blue"],
      ["brandColour", "#0b5cad;background:url(//x)"],
      ["brandColour", "0b5cad"],
      ["theme", "sepia"],
    ] as const) {
      const reply = await call(app, "PATCH", "/api/business", key, { [field]: value });
      expect(reply.status, `${field}: ${value}`).toBe(400);
      expect(reply.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: field }] });
    }
  });

  it("clears the logo and the colour with null", async () => {
    const image = await upload(key);
    await expectStatus(200, app, "PATCH", "/api/business", key, { logoUrl: image.url, brandColour: "#123456" });
    const cleared = await expectStatus(200, app, "PATCH", "/api/business", key, {
      logoUrl: null,
      brandColour: null,
      theme: "light",
    });
    expect(cleared).toMatchObject({ logoUrl: null, brandColour: null, theme: "light" });
  });

  it("writes the snippet's look and language, refusing a colour that is not hex", async () => {
    const staff = await expectStatus(201, app, "POST", "/api/business/staff", key, {
      name: "Ada",
      email: "ada@brand.example.com",
      timeZone: "Europe/Paris",
    });
    const calendar = await expectStatus(201, app, "POST", "/api/business/calendars", key, {
      slug: "cuts",
      type: "personal",
      name: "Cuts",
      members: [{ staffId: staff.id }],
    });
    const snippet = await expectStatus(
      200,
      app,
      "GET",
      `/api/business/calendars/${calendar.id}/embed?mode=popup&lang=de&theme=dark&brand=%23fa0`,
      key,
    );
    // Its widget page is this business's, on any host (page-business.server.ts).
    const pages = createPublicPagesRepository(testDb.database.db);
    expect(await pages.ownerOf("calendar", calendar.id)).toBe(businessId);
    expect(await pages.ownerOf("form", calendar.id)).toBeNull();
    expect(await pages.ownerOf("calendar", "not-an-id")).toBeNull();
    // So is the page of one of its one-time links, found by the link's secret alone (ADR 0053).
    const link = await expectStatus(201, app, "POST", "/api/business/one-time-links", key, { calendarId: calendar.id });
    expect(await pages.ownerOfOneTimeLink(link.slug)).toBe(businessId);
    expect(await pages.ownerOfOneTimeLink(`${link.slug}x`)).toBeNull();
    expect(await pages.ownerOfBooking("00000000-0000-4000-8000-00000000ffff", "any")).toBeNull();
    expect(snippet.html).toContain('data-booking-lang="de"');
    expect(snippet.html).toContain('data-booking-theme="dark"');
    expect(snippet.html).toContain('data-booking-brand="#fa0"');
    const bad = await call(app, "GET", `/api/business/calendars/${calendar.id}/embed?brand=blue`, key);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ path: "brand" }] });
  });
});
