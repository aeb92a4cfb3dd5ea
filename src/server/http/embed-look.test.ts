import { describe, expect, it } from "vitest";
import { embedLook } from "./embed-look.ts";

const framed = (url: string, cookie?: string) =>
  new Request(url, { headers: { "sec-fetch-dest": "iframe", ...(cookie ? { cookie } : {}) } });

describe("embedLook (issue 17)", () => {
  it("a framed address with a look stores it in a partitioned session cookie", () => {
    const look = embedLook(framed("https://app.example/widget/booking/c1?theme=dark&brand=%23ffd400&lang=de"));
    expect(look.params).toBeNull();
    expect(look.setCookie).toBe(
      "widget_look=theme%3Ddark%26brand%3D%2523ffd400; Path=/; HttpOnly; Secure; SameSite=None; Partitioned",
    );
  });

  it("a framed address without one reads it back (a reload, a payment provider's redirect)", () => {
    const look = embedLook(
      framed("https://app.example/widget/booking/c1", "a=1; widget_look=theme%3Ddark%26brand%3D%2523ffd400"),
    );
    expect(look.setCookie).toBeNull();
    expect(look.params?.get("theme")).toBe("dark");
    expect(look.params?.get("brand")).toBe("#ffd400");
  });

  it("leaves pages that are not framed alone, and ignores a broken cookie", () => {
    const solo = new Request("https://app.example/widget/booking/c1?theme=dark", {
      headers: { cookie: "widget_look=theme%3Ddark" },
    });
    expect(embedLook(solo)).toEqual({ params: null, setCookie: null });
    expect(embedLook(framed("https://app.example/widget/booking/c1", "widget_look=%E0%A4%A"))).toEqual({
      params: null,
      setCookie: null,
    });
  });
});
