import { describe, expect, it } from "vitest";
import { browserSummary } from "./user-agent.ts";

describe("browserSummary", () => {
  it("names the browsers people recognise, minding that most of them say Chrome or Safari too", () => {
    const cases: [string, string | null, string | null][] = [
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Edge",
        "Windows",
      ],
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
        "Chrome",
        "Linux",
      ],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox", "macOS"],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari",
        "iOS",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
        "Samsung Internet",
        "Android",
      ],
      ["curl/8.5.0", null, null],
    ];
    for (const [ua, browser, system] of cases) expect(browserSummary(ua), ua).toEqual({ browser, system });
    expect(browserSummary(null)).toEqual({ browser: null, system: null });
  });
});
