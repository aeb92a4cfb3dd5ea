import { describe, expect, it } from "vitest";
import { localizeRoutes, type RouteLike } from "./localize-routes.ts";
import { captureWarnings, routing } from "./test-locales.test-helper.ts";

const locales = [
  { code: "en", language: "en-US" },
  { code: "fr", language: "fr-FR" },
];
const table: RouteLike[] = [
  {
    id: "layout",
    children: [
      { id: "index", index: true },
      { id: "about", path: "about", children: [{ id: "about-team", path: "team" }] },
    ],
  },
  { id: "catch-all", path: "*" },
];

function summary(routes: RouteLike[], indent = ""): string[] {
  return routes.flatMap((r) => [
    `${indent}${r.id} ${r.index ? "(index)" : (r.path ?? "(layout)")}`,
    ...summary(r.children ?? [], `${indent}  `),
  ]);
}

describe("localizeRoutes (C.2)", () => {
  it("prefix_except_default: the default locale unprefixed, others under /code", () => {
    expect(summary(localizeRoutes(table, routing({ locales })))).toEqual([
      "layout___en (layout)",
      "  index___en (index)",
      "  about___en about",
      "    about-team___en team",
      "layout___fr (layout)",
      "  index___fr fr",
      "  about___fr fr/about",
      "    about-team___fr team",
      "catch-all___en *",
      "catch-all___fr fr/*",
    ]);
  });

  it("can keep the default locale's ids unchanged", () => {
    const ids = summary(localizeRoutes(table, routing({ locales }), { keepDefaultLocaleIds: true }));
    expect(ids.slice(0, 4)).toEqual(["layout (layout)", "  index (index)", "  about about", "    about-team team"]);
    expect(ids).toContain("  about___fr fr/about");
  });

  it("prefix: every locale prefixed, the unlocalized root index kept for the `/` redirect", () => {
    const flat: RouteLike[] = [
      { id: "index", index: true },
      { id: "about", path: "about" },
    ];
    expect(summary(localizeRoutes(flat, routing({ locales, strategy: "prefix" })))).toEqual([
      "index (index)",
      "index___en en",
      "index___fr fr",
      "about___en en/about",
      "about___fr fr/about",
    ]);
  });

  it("prefix_and_default: an unprefixed ___default copy before the prefixed default", () => {
    const flat: RouteLike[] = [{ id: "about", path: "about" }];
    expect(summary(localizeRoutes(flat, routing({ locales, strategy: "prefix_and_default" })))).toEqual([
      "about___en___default about",
      "about___en en/about",
      "about___fr fr/about",
    ]);
  });

  it("no_prefix: routes are not localized", () => {
    expect(localizeRoutes(table, routing({ locales, strategy: "no_prefix" }))).toEqual(table);
  });

  it("no_prefix + differentDomains: localized names without prefix", () => {
    const options = routing({
      strategy: "no_prefix",
      differentDomains: true,
      locales: [
        { code: "en", domain: "a.com" },
        { code: "fr", domain: "b.fr" },
      ],
    });
    expect(summary(localizeRoutes([{ id: "about", path: "about" }], options))).toEqual([
      "about___en about",
      "about___fr about",
    ]);
  });

  it("no_prefix + differentDomains with a shared domain: console.error and unlocalized routes", () => {
    const { messages, warn: error } = captureWarnings();
    const options = routing({
      strategy: "no_prefix",
      differentDomains: true,
      locales: [
        { code: "en", domain: "a.com" },
        { code: "fr", domain: "a.com" },
      ],
    });
    expect(localizeRoutes(table, options, { error })).toEqual(table);
    expect(messages).toEqual([
      "Cannot use `strategy: no_prefix` when using multiple locales on the same domain - found multiple entries with a.com",
    ]);
  });

  it("does not mutate its input", () => {
    const copy = structuredClone(table);
    localizeRoutes(table, routing({ locales }));
    expect(table).toEqual(copy);
  });
});
