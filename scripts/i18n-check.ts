/**
 * `npm run i18n:check`: every catalogue has exactly English's keys, valid ICU, the same
 * placeholders as English, and no value left identical to English unless allow-listed.
 */
import { parse, type Token } from "@messageformat/parser";
import { LOCALE_CODES, DEFAULT_LOCALE } from "../src/i18n/locales.ts";
import { readCatalog } from "../src/i18n/vite-plugin.ts";

/** Values that are legitimately the same as English in some languages (names, units, loanwords). */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  "content.preview",
  "error.pageNotFound",
  "error.notFound",
  "layout.poweredBy",
  "app.name",
  "error.statusCode", // es: "Error {status}" is the Spanish word as well
  "home.content", // fr: "Pages" is the French word as well
  "calendar.duration", // fr: "minute"/"minutes" are the French words as well
  "console.services.minutes", // fr: "minute"/"minutes" are the French words as well
  "content.tag", // it, nl, pl, pt-br: "Tag" is the usual word for a post tag
  "console.settings.field.logo", // da, de, fr, it, nl, pl: "Logo" is the word there as well
  "email.calendar.google", // es, it, pt-PT: Google's own product name there is "Google Calendar"
  "email.calendar.outlook", // product name, not translated
  "email.staff.label.client", // fr: "Client" is the French word as well
  "email.calendar.office365", // product name, not translated
  "content.product.optionChoice", // only placeholders and a colon: "{name}: {value}" (fr spaces it)
  "console.bookings.servicesOf", // only placeholders and a colon: "{who}: {services}" (fr spaces it)
  "widget.slots.slotLabel", // only placeholders and a comma: "{time}, {day}" reads the same in most languages
  "widget.contact.email", // it, pt-PT: "email" is the usual spelling
  "console.nav.label", // "Console" is the word in fr, it, nl, pt-BR as well
  "console.bookings.status", // "Status" is the word in da, de, nl, pl, pt-BR as well
  "console.posts.status", // "Status" is the word in da, de, nl, pl, pt-BR as well
  "console.posts.body", // de: "Text (HTML)" is German as well
  "console.role.staff", // it: "Staff" is the usual word
  "console.bookings.staff", // it: "Staff" is the usual word
  "console.signIn.email", // it: "Email" is the usual spelling
  "console.signIn.password", // it: "Password" is the usual word
  "console.bookings.view.week", // nl: "Week" is the Dutch word as well
  "console.nav.team", // "Team" is the word in da, de, it, nl as well
  "console.team.title", // "Team" is the word in da, de, it, nl as well
  "console.team.name", // de: "Name" is the German word as well
  "console.team.listTitle", // da, nl: "Logins" is the usual word
  "console.team.invite", // da: "Send invitation" is Danish as well
  "console.team.actions", // fr: "Actions" is the French word as well
  "console.account.browserColumn", // "Browser" is the word in da, de, it, nl as well
  "console.nav.collections", // fr: "Collections" is the French word as well
  "console.collections.title", // fr: "Collections" is the French word as well
  "console.collections.name", // de: "Name" is the German word as well
  "console.collections.description", // fr: "Description" is the French word as well
  "console.groups.name", // de: "Name" is the German word as well
  "console.groups.description", // fr: "Description" is the French word as well
  "console.calendars.question.legend", // fr: "Question {number}" is French as well
  "console.images.name", // fr: "image {number}" is French as well
  "console.products.productTitle", // de: "Name" is the German word as well
  "console.products.type", // da, fr: "Type" is the word there as well
  "console.products.types.digital", // "Digital" is the word in da, de, es, pt, pt-BR as well
  "console.products.types.service", // fr: "Service" is the French word as well
  "console.products.status", // "Status" is the word in da, de, nl, pl, pt-BR as well
  "console.products.description", // fr: "Description (HTML)" is French as well
  "console.products.options", // fr: "Options" is the French word as well
  "console.products.optionName", // de, fr: "Option {number}" is the word there as well
  "console.products.stock", // fr, pt: "Stock" is the word there as well
  "console.products.media", // fr: "Images" is the French word as well
  "console.products.variant", // da, nl: "Variant {number}" is the word there as well
  "console.products.sku", // "SKU" is the usual abbreviation in es, it, nl, pl, pt, pt-BR
]);

function placeholders(tokens: Token[], into = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === "argument" || token.type === "function") into.add(token.arg);
    if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
      into.add(token.arg);
      for (const option of token.cases) placeholders(option.tokens, into);
    }
  }
  return into;
}

const english = readCatalog(DEFAULT_LOCALE);
const problems: string[] = [];
const parsed = (code: string, key: string, message: string) => {
  try {
    return parse(message);
  } catch (error) {
    problems.push(`${code}: ${key}: invalid ICU (${(error as Error).message})`);
    return null;
  }
};

for (const [key, message] of Object.entries(english)) parsed("en", key, message);
const englishPlaceholders = Object.fromEntries(
  Object.entries(english).map(([key, message]) => [
    key,
    [...placeholders(parsed("en", key, message) ?? [])].sort().join(","),
  ]),
);

let checked = 0;
for (const code of LOCALE_CODES) {
  if (code === DEFAULT_LOCALE) continue;
  const catalog = readCatalog(code);
  for (const key of Object.keys(english)) if (!(key in catalog)) problems.push(`${code}: missing key ${key}`);
  for (const [key, message] of Object.entries(catalog)) {
    if (!(key in english)) {
      problems.push(`${code}: extra key ${key}`);
      continue;
    }
    const ast = parsed(code, key, message);
    if (ast) {
      const found = [...placeholders(ast)].sort().join(",");
      if (found !== englishPlaceholders[key])
        problems.push(`${code}: ${key}: placeholders {${found}} differ from English {${englishPlaceholders[key]}}`);
    }
    if (message === english[key] && !SAME_AS_ENGLISH_ALLOWED.has(key))
      problems.push(`${code}: ${key}: identical to English`);
    checked += 1;
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\ni18n check failed: ${problems.length} problem(s).`);
  process.exit(1);
}
console.log(
  `i18n check passed: ${Object.keys(english).length} keys × ${LOCALE_CODES.length} locales (${checked} translations checked).`,
);
