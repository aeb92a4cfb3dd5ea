/**
 * Issue 16, images of the content site: a business uploads an image (raw body or multipart), it is
 * read by its bytes, refused clearly when too large, of another kind or damaged, kept as WebP at a
 * few widths without its metadata, served publicly with year-long immutable caching and an ETag,
 * listed and deleted per business; posts and products name it, and their pages get its size.
 */
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicPagesRepository } from "../../src/adapters/db/public-pages-repository.ts";
import { MAX_IMAGE_BYTES } from "../../src/core/content/images.ts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../support/databases.ts";
import { businessApp, expectStatus, newBusiness, type App } from "./business-fixtures.ts";

/** A 1500 × 1000 JPEG that carries EXIF text and says it is turned a quarter (orientation 6). */
const photo = () =>
  sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#3a7" } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "GPS-SECRET-42" } } })
    .toBuffer();

/** An animated GIF of one pixel: a black frame, then a white one (LZW data written out by hand). */
function twoFrameGif(): Buffer {
  const frame = (white: boolean) => [
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00],
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0],
    ...[0x02, 0x02, white ? 0x4c : 0x44, 0x01, 0x00],
  ];
  return Buffer.from([
    ...Buffer.from("GIF89a"),
    ...[1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff],
    ...[0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 0x03, 0x01, 0x00, 0x00, 0x00],
    ...frame(false),
    ...frame(true),
    0x3b,
  ]);
}

/** A PNG's signature and header only, claiming a size (its pixels are missing). */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.each(DATABASE_KINDS)("images API on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let key: string;
  let otherKey: string;
  let businessId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = businessApp(testDb.database);
    ({ key, id: businessId } = await newBusiness(testDb.database, "Picture Studio"));
    otherKey = (await newBusiness(testDb.database, "Other Studio")).key;
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const upload = (body: BodyInit | Uint8Array, contentType: string | null, as = key) =>
    app.request("/api/business/images", {
      method: "POST",
      headers: { authorization: `Bearer ${as}`, ...(contentType ? { "content-type": contentType } : {}) },
      body: body as BodyInit,
    });

  it("keeps an upload upright, without its metadata, at every width up to its own, and serves it immutable", async () => {
    const bytes = await photo();
    expect(bytes.includes(Buffer.from("GPS-SECRET-42"))).toBe(true);
    const response = await upload(bytes, "image/jpeg");
    expect(response.status).toBe(201);
    const image = (await response.json()) as {
      id: string;
      url: string;
      width: number;
      height: number;
      sourceType: string;
      variants: { width: number; height: number; url: string }[];
    };
    // Orientation 6: the upright picture is 1000 wide and 1500 high.
    expect(image).toMatchObject({ url: `/images/${image.id}`, width: 1000, height: 1500, sourceType: "image/jpeg" });
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 480],
      [640, 960],
      [960, 1440],
      [1000, 1500],
    ]);

    const served = await app.request(image.variants[1]!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = served.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.includes(Buffer.from("GPS-SECRET-42"))).toBe(false);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      "webp",
      640,
      960,
      undefined,
      undefined,
    ]);
    expect((await app.request(image.variants[1]!.url, { headers: { "if-none-match": etag } })).status).toBe(304);
    // No other width is served, and `/images/<id>` leads to the widest.
    expect((await app.request(`/images/${image.id}/500.webp`)).status).toBe(404);
    const widest = await app.request(image.url);
    expect([widest.status, widest.headers.get("location")]).toEqual([302, `/images/${image.id}/1000.webp`]);

    expect(
      (await expectStatus<{ id: string }[]>(200, app, "GET", "/api/business/images", key)).map((i) => i.id),
    ).toEqual([image.id]);
    expect(await expectStatus<unknown[]>(200, app, "GET", "/api/business/images", otherKey)).toEqual([]);
    expect(
      (await app.request(`/api/business/images/${image.id}`, { headers: { authorization: `Bearer ${otherKey}` } }))
        .status,
    ).toBe(404);
    expect(
      (
        await app.request(`/api/business/images/${image.id}`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${otherKey}` },
        })
      ).status,
    ).toBe(404);
    await expectStatus(204, app, "DELETE", `/api/business/images/${image.id}`, key);
    expect((await app.request(image.variants[0]!.url)).status).toBe(404);
    await expectStatus(404, app, "GET", `/api/business/images/${image.id}`, key);
  });

  it("takes a multipart form's file part, and PNG, WebP and GIF (an animation stays animated)", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#fa0" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new Blob([png]), "banner.png");
    const fromForm = await upload(form, null);
    expect(fromForm.status).toBe(201);
    expect(await fromForm.json()).toMatchObject({ width: 300, height: 200, sourceType: "image/png" });

    const webp = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#09f" } })
      .webp()
      .toBuffer();
    expect((await upload(webp, "application/octet-stream")).status).toBe(201);

    // Two frames of one pixel, black then white: an animation stays one, as WebP.
    const stored = (await (await upload(twoFrameGif(), "image/gif")).json()) as {
      width: number;
      height: number;
      variants: { url: string }[];
    };
    expect([stored.width, stored.height]).toEqual([1, 1]);
    const served = Buffer.from(await (await app.request(stored.variants[0]!.url)).arrayBuffer());
    const meta = await sharp(served, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.pageHeight]).toEqual(["webp", 2, 1]);
  });

  it("refuses a file too large (413), of another kind (415), damaged (400), or with too many pixels, each with its code", async () => {
    const tooLarge = await upload(new Uint8Array(MAX_IMAGE_BYTES + 1).fill(0xff), "image/jpeg");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      detail: "An image may be at most 10 MiB.",
    });

    // Far larger: refused by the body limit before it is read, with the same answer.
    const farTooLarge = await upload(new Uint8Array(MAX_IMAGE_BYTES + 200 * 1024).fill(0xff), "image/jpeg");
    expect(farTooLarge.status).toBe(413);
    expect(await farTooLarge.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      detail: "An image may be at most 10 MiB.",
    });

    const svg = await upload(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
      "image/svg+xml",
    );
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { code: string }).code).toBe("IMAGE_TYPE");
    const pdf = await upload(Buffer.from("%PDF-1.7 named photo.jpg"), "image/jpeg");
    expect([pdf.status, ((await pdf.json()) as { code: string }).code]).toEqual([415, "IMAGE_TYPE"]);

    const truncated = (await photo()).subarray(0, 400);
    const damaged = await upload(truncated, "image/jpeg");
    expect([damaged.status, ((await damaged.json()) as { code: string }).code]).toEqual([400, "IMAGE_UNREADABLE"]);

    // A tiny PNG that claims 10000 × 10000 pixels: refused before its pixels are decoded.
    const bomb = await upload(pngClaiming(10_000, 10_000), "image/png");
    expect([bomb.status, ((await bomb.json()) as { code: string }).code]).toEqual([400, "IMAGE_TOO_MANY_PIXELS"]);

    const german = await app.request("/api/business/images", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "image/png", "accept-language": "de" },
      body: Buffer.from("not a picture"),
    });
    expect(((await german.json()) as { detail: string }).detail).toBe(
      "Diese Datei ist kein JPEG-, PNG-, WebP- oder GIF-Bild.",
    );
    expect(await expectStatus<unknown[]>(200, app, "GET", "/api/business/images", otherKey)).toEqual([]);
  });

  it("lets posts and products name the business's own images, and pages learn their size", async () => {
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#246" } })
      .png()
      .toBuffer();
    const cover = (await (await upload(wide, "image/png")).json()) as { id: string; url: string };
    const foreign = (await (await upload(wide, "image/png", otherKey)).json()) as { url: string };

    const refused = await app.request("/api/business/posts", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ slug: "theirs", title: "Theirs", imageUrl: foreign.url }),
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: "REFERENCE_NOT_FOUND", errors: [{ path: "imageUrl" }] });
    const relative = await app.request("/api/business/posts", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ slug: "bad", title: "Bad", imageUrl: "/etc/passwd" }),
    });
    expect(relative.status).toBe(400);

    await expectStatus(201, app, "POST", "/api/business/posts", key, {
      slug: "with-cover",
      title: "With a cover",
      imageUrl: cover.url,
      imageAlt: "Blue",
      status: "published",
    });
    const product = await expectStatus<{ id: string }>(201, app, "POST", "/api/business/products", key, {
      slug: "poster",
      title: "Poster",
      status: "active",
      currency: "EUR",
      variants: [{ priceMinor: 1000 }],
      media: [
        { url: cover.url, alt: "Blue poster" },
        { url: "https://img.example.org/side.jpg", alt: "Side view" },
      ],
    });
    const productRefused = await app.request(`/api/business/products/${product.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ media: [{ url: foreign.url, alt: "Theirs" }] }),
    });
    expect(await productRefused.json()).toMatchObject({
      code: "REFERENCE_NOT_FOUND",
      errors: [{ path: "media.0.url" }],
    });

    const pages = createPublicPagesRepository(testDb.database.db);
    const post = await pages.post({ id: businessId }, "with-cover", new Date());
    expect(post?.imageSize).toEqual({ width: 2400, height: 1200 });
    const shown = await pages.product({ id: businessId }, "poster");
    expect(shown?.media.map((m) => m.size)).toEqual([{ width: 2400, height: 1200 }, null]);
  });
});
