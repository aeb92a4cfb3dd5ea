import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "./routes.ts";

function ids(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((r) => [r.id ?? "", ...ids(r.children ?? [])]);
}

function leafId(pathname: string): string | undefined {
  return matchRoutes(routes as unknown as RouteObject[], pathname)?.at(-1)?.route.id;
}

describe("localised route table (locale-routing.md C.2)", () => {
  it("has unique ids: the default table plus a copy per other locale", () => {
    const all = ids(routes);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((id) => !id.includes("___")).length * 11).toBe(all.length);
  });

  it.each([
    ["/", "index"],
    ["/de", "index___de"],
    ["/pt-br", "index___pt-br"],
    ["/widget/booking/1,2", "widget-booking-id"],
    ["/de/widget/booking/1,2", "widget-booking-id___de"],
    ["/pt-br/widget/booking", "widget-booking___pt-br"],
    ["/FR/widget/form/7", "widget-form___fr"],
    ["/about-us", "path"],
    ["/nl/about-us", "path___nl"],
    ["/b/hello", "b-slug"],
    ["/it/b/hello", "b-slug___it"],
    ["/it/blog/b/hello", "path-b-slug___it"],
    ["/da/v2/preview/1/post", "preview___da"],
    ["/de/a/b/c/d", "not-found___de"],
    ["/en/widget/booking/1", "not-found"], // the default locale has no prefixed routes
  ])("%s → %s", (pathname, id) => {
    expect(leafId(pathname)).toBe(id);
  });

  it("puts prefixed routes under the localised copy of their layout", () => {
    expect(matchRoutes(routes as unknown as RouteObject[], "/hu/widget/survey/3")?.map((m) => m.route.id)).toEqual([
      "layout-form___hu",
      "widget-survey___hu",
    ]);
  });
});
