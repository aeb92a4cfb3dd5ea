/**
 * `npm run business:create -- --name "Atelier Lumière" [--time-zone Europe/Paris --locale fr --currency EUR] [--slug atelier]
 *  [--owner-email owner@example.com --owner-name "Camille"]`:
 * creates a business in the configured database (PGlite in DATA_DIR — through the running server when
 * one holds it — or DATABASE_URL) and prints its first API key — once: only its hash is stored. With
 * --owner-email it also creates the owner's console login and prints a link to choose its password.
 */
import { parseArgs } from "node:util";
import { createBusinessWithOwner } from "../src/app/console/owner-login.ts";
import { OwnerSchema } from "../src/server/routes/admin-api.ts";
import { consoleAccountsOn } from "./lib/business-admin.ts";
import type { BusinessView } from "../src/app/business/ports.ts";
import { configOrExit, runBusinessAdmin } from "./lib/business-admin.ts";
import { BusinessPatchSchema, SlugSchema } from "../src/server/routes/business/input-schemas.ts";

const USAGE =
  'Usage: npm run business:create -- --name "Business name" [--time-zone Europe/Paris] [--locale fr] [--currency EUR] [--slug my-business] [--owner-email you@example.com] [--owner-name "Your name"]';

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
      "owner-email": { type: "string" },
      "owner-name": { type: "string" },
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
const owner =
  args["owner-email"] === undefined
    ? undefined
    : OwnerSchema.safeParse({ email: args["owner-email"], name: args["owner-name"] ?? "Owner" });
if (!parsed.success || (slug && !slug.success) || (owner && !owner.success)) {
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...(slug && !slug.success ? slug.error.issues.map((i) => ({ ...i, path: ["slug"] })) : []),
    ...(owner && !owner.success
      ? owner.error.issues.map((i) => ({ ...i, path: [i.path[0] === "name" ? "ownerName" : "ownerEmail"] }))
      : []),
  ];
  const flag: Record<string, string> = {
    timeZone: "--time-zone",
    locale: "--locale",
    currency: "--currency",
    name: "--name",
    slug: "--slug",
    ownerEmail: "--owner-email",
    ownerName: "--owner-name",
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
  ...(owner?.success ? { owner: owner.data } : {}),
};
const created = await runBusinessAdmin<{
  business: BusinessView;
  key: string;
  owner: { email: string; setPasswordLink: string } | null;
}>(config, {
  path: "/businesses",
  body: input,
  direct: (directory, db) => createBusinessWithOwner(directory, consoleAccountsOn(db, config), input),
  refusal: (code) =>
    code === "SLUG_TAKEN"
      ? `--slug: another business already uses "${args.slug}".`
      : code === "EMAIL_TAKEN"
        ? `--owner-email: ${args["owner-email"]} already signs in to the console; choose another address.`
        : `Could not create the business (${code}).`,
});
if (!created.ok) {
  console.error(created.message);
  process.exit(created.exitCode);
}
const { business, key, owner: ownerLogin } = created.value;
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
if (ownerLogin) {
  console.log("");
  console.log(
    `Console: ${ownerLogin.email} is the owner. Choose the password here (the link works once, for 24 hours):`,
  );
  console.log(`  ${ownerLogin.setPasswordLink}`);
}
