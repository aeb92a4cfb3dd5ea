/**
 * `npm run business:create -- --name "Atelier Lumière" [--time-zone Europe/Paris --locale fr --currency EUR] [--slug atelier]`:
 * creates a business in the configured database (PGlite in DATA_DIR — through the running server when
 * one holds it — or DATABASE_URL) and prints its first API key — once: only its hash is stored.
 */
import { parseArgs } from "node:util";
import { createBusinessWithKey } from "../src/app/business/create-business.ts";
import type { BusinessView } from "../src/app/business/ports.ts";
import { configOrExit, runBusinessAdmin } from "./lib/business-admin.ts";
import { BusinessPatchSchema, SlugSchema } from "../src/server/routes/business/input-schemas.ts";

const USAGE =
  'Usage: npm run business:create -- --name "Business name" [--time-zone Europe/Paris] [--locale fr] [--currency EUR] [--slug my-business]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(64); // EX_USAGE
}

let args;
try {
  args = parseArgs({
    options: {
      name: { type: "string" },
      "time-zone": { type: "string", default: "UTC" },
      locale: { type: "string", default: "en" },
      currency: { type: "string", default: "USD" },
      slug: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.name) fail("--name is required.");

// The same rules as PATCH /api/business: a valid IANA zone, a supported locale, an ISO 4217 code.
const parsed = BusinessPatchSchema.safeParse({
  name: args.name,
  timeZone: args["time-zone"],
  locale: args.locale,
  currency: args.currency,
});
const slug = args.slug === undefined ? undefined : SlugSchema.safeParse(args.slug);
if (!parsed.success || (slug && !slug.success)) {
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...(slug && !slug.success ? slug.error.issues.map((i) => ({ ...i, path: ["slug"] })) : []),
  ];
  const flag: Record<string, string> = {
    timeZone: "--time-zone",
    locale: "--locale",
    currency: "--currency",
    name: "--name",
    slug: "--slug",
  };
  fail(issues.map((i) => `${flag[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`).join("\n"));
}

const config = configOrExit();
const input = {
  name: parsed.data.name!,
  timeZone: parsed.data.timeZone!,
  locale: parsed.data.locale!,
  currency: parsed.data.currency!,
  ...(slug?.success ? { slug: slug.data } : {}),
};
const created = await runBusinessAdmin<{ business: BusinessView; key: string }>(config, {
  path: "/businesses",
  body: input,
  direct: (directory) => createBusinessWithKey(directory, input),
  refusal: (code) =>
    code === "SLUG_TAKEN"
      ? `--slug: another business already uses "${args.slug}".`
      : `Could not create the business (${code}).`,
});
if (!created.ok) {
  console.error(created.message);
  process.exit(created.exitCode);
}
const { business, key } = created.value;
console.log(`Business created in ${created.where}:`);
console.log(`  id:       ${business.id}`);
console.log(`  slug:     ${business.slug}`);
console.log(`  name:     ${business.name} (${business.timeZone}, ${business.locale}, ${business.currency})`);
console.log("");
console.log("API key (shown once; only its hash is stored — keep it secret):");
console.log(`  ${key}`);
console.log("");
console.log(`Try: curl -H "Authorization: Bearer ${key}" http://localhost:${config.PORT}/api/business`);
console.log(
  `Its pages: give it a host name (PATCH /api/business {"hostnames": ["${business.slug}.localhost"]}), then open http://${business.slug}.localhost:${config.PORT}/`,
);
