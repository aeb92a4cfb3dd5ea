/**
 * `npm run business:key -- --slug northwind-wellness [--name "Laptop"]`: a new API key for an existing
 * business — for a key that was lost, and for the demo business, whose first key is printed once at
 * its first start. Works while the server runs (through its local admin channel) or without it.
 */
import { parseArgs } from "node:util";
import { issueKeyForBusiness } from "../src/app/business/create-business.ts";
import type { BusinessView } from "../src/app/business/ports.ts";
import { configOrExit, runBusinessAdmin } from "./lib/business-admin.ts";

const USAGE = 'Usage: npm run business:key -- --slug my-business [--name "Key name"]';

let args;
try {
  args = parseArgs({
    options: { slug: { type: "string" }, name: { type: "string", default: "business:key" } },
    strict: true,
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(64);
}
if (!args.slug) {
  console.error(`--slug is required.\n${USAGE}`);
  process.exit(64);
}
const config = configOrExit();
const slug = args.slug;
const name = args.name;
const issued = await runBusinessAdmin<{ business: BusinessView; key: string }>(config, {
  path: "/api-keys",
  body: { slug, name },
  direct: (directory) => issueKeyForBusiness(directory, slug, name),
  refusal: (code) => (code === "NOT_FOUND" ? `--slug: no business "${slug}".` : `Could not issue a key (${code}).`),
});
if (!issued.ok) {
  console.error(issued.message);
  process.exit(issued.exitCode);
}
console.log(`New API key for ${issued.value.business.name} (${issued.value.business.slug}), in ${issued.where}:`);
console.log(`  ${issued.value.key}`);
console.log("Shown once; only its hash is stored. Revoke old keys with DELETE /api/business/api-keys/{id}.");
