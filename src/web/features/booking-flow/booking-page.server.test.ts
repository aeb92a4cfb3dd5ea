import { describe, expect, it } from "vitest";
import { requestTimeZone } from "./booking-page.server.ts";

const request = (cookie: string, query = "") =>
  new Request(`https://book.example/widget/booking/1${query}`, { headers: { cookie } });

describe("requestTimeZone", () => {
  it("reads the zone from ?tz= first, then the tz cookie", () => {
    expect(requestTimeZone(request("tz=Asia%2FKolkata", "?tz=Europe/Berlin"))).toBe("Europe/Berlin");
    expect(requestTimeZone(request("a=1; tz=Asia%2FKolkata"))).toBe("Asia/Kolkata");
  });

  it("ignores a malformed or unknown cookie instead of failing the page (issue 13: %ZZ gave a 500)", () => {
    expect(requestTimeZone(request("tz=%ZZ"))).toBeNull();
    expect(requestTimeZone(request("tz=%E0%A4%A"))).toBeNull();
    expect(requestTimeZone(request("tz=Mars%2FOlympus"))).toBeNull();
  });
});
