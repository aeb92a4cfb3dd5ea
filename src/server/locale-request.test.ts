import { describe, expect, it } from "vitest";
import { LOCALE_ROUTING } from "../i18n/routing/config.ts";
import { resolveLocaleForRequest, routerRequestPath } from "./locale-request.ts";

const now = new Date("2024-03-01T12:00:00Z");

describe("routerRequestPath", () => {
  it.each([
    ["/", "document", "/"],
    ["/fr/widget/booking/1", "document", "/fr/widget/booking/1"],
    ["/_root.data", "data", "/"],
    ["/fr.data", "data", "/fr"],
    ["/fr/widget/booking/1.data", "data", "/fr/widget/booking/1"],
    ["/__manifest", "manifest", "/__manifest"],
  ])("%s → %s %s", (path, kind, pathname) => {
    expect(routerRequestPath(new URL(`http://x${path}`))).toEqual({ kind, pathname });
  });
});

describe("resolveLocaleForRequest", () => {
  const request = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Request(`http://book.example.com${path}`, { method, headers });

  it("redirects a first page load of / to the browser's language", () => {
    expect(
      resolveLocaleForRequest(request("/?a=1", { "accept-language": "de-DE,de;q=0.9" }), LOCALE_ROUTING, now),
    ).toMatchObject({
      locale: "de",
      redirect: { location: "/de?a=1", status: 302 },
    });
  });

  it("does not detect on data requests (client navigations), but takes the route's locale", () => {
    const result = resolveLocaleForRequest(
      request("/_root.data?_routes=root", { "accept-language": "de" }),
      LOCALE_ROUTING,
      now,
    );
    expect(result).toMatchObject({ locale: "en", pathWithoutPrefix: "/" });
    expect(result?.redirect).toBeUndefined();
    expect(resolveLocaleForRequest(request("/fr/widget/booking/1.data"), LOCALE_ROUTING, now)).toMatchObject({
      locale: "fr",
      pathWithoutPrefix: "/widget/booking/1",
    });
  });

  it("does not detect on form posts", () => {
    expect(
      resolveLocaleForRequest(request("/", { "accept-language": "fr" }, "POST"), LOCALE_ROUTING, now)?.redirect,
    ).toBeUndefined();
  });

  it("ignores the route manifest", () => {
    expect(resolveLocaleForRequest(request("/__manifest?p=/fr"), LOCALE_ROUTING, now)).toBeUndefined();
  });
});
