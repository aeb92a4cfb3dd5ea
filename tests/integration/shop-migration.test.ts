/**
 * Migrations 0019–0020 (issue 16, docs/decisions/0033-shop-products-variants-stock.md): a product
 * stored before variants keeps what it had — its price becomes its one variant, its image the first
 * of its gallery, "not available in store" a draft, its id its slug.
 */
import { expect, it } from "vitest";
import { fromPglite } from "../../src/adapters/db/client.ts";
import { migrateDatabase } from "../../src/adapters/db/migrate.ts";
import { databaseMigratedBefore } from "../support/migrated-before.ts";

it("moves each product's price, image and availability into its variant, gallery and status", async () => {
  const client = await databaseMigratedBefore("_shop_products");
  const business = "00000000-0000-4000-8000-0000000000b1";
  await client.exec(`
    insert into businesses (id, slug, name, time_zone) values ('${business}', 'old-shop', 'Old shop', 'UTC');
    insert into products (id, business_id, name, description, image_url, price_cents, currency, available_in_store)
    values ('00000000-0000-4000-8000-0000000000c1', '${business}', 'Oil', 'Almond oil', '/assets/oil.svg', 1900, 'EUR', true),
           ('00000000-0000-4000-8000-0000000000c2', '${business}', 'Old soap', '', null, 500, 'EUR', false);
  `);

  const applied = await migrateDatabase(fromPglite(client));
  expect(applied.applied).toBeGreaterThanOrEqual(2); // 0019, 0020 and any later migration
  const products = await client.query<Record<string, unknown>>(
    "select id, slug, status, media, options, out_of_stock from products order by id",
  );
  expect(products.rows).toEqual([
    {
      id: "00000000-0000-4000-8000-0000000000c1",
      slug: "00000000-0000-4000-8000-0000000000c1",
      status: "active",
      media: [{ url: "/assets/oil.svg", alt: "Oil" }],
      options: [],
      out_of_stock: "deny",
    },
    {
      id: "00000000-0000-4000-8000-0000000000c2",
      slug: "00000000-0000-4000-8000-0000000000c2",
      status: "draft",
      media: [],
      options: [],
      out_of_stock: "deny",
    },
  ]);
  const variants = await client.query<Record<string, unknown>>(
    "select product_id, options, price_minor, compare_at_minor, stock_quantity from product_variants order by product_id",
  );
  expect(variants.rows).toEqual([
    {
      product_id: "00000000-0000-4000-8000-0000000000c1",
      options: [],
      price_minor: 1900,
      compare_at_minor: null,
      stock_quantity: null,
    },
    {
      product_id: "00000000-0000-4000-8000-0000000000c2",
      options: [],
      price_minor: 500,
      compare_at_minor: null,
      stock_quantity: null,
    },
  ]);
  await client.close();
});
