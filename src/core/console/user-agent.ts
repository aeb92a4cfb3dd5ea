/**
 * A session's browser, told apart for its user ("Firefox on Windows") from the User-Agent header it
 * signed in with. Only the families people recognise are named — the order matters, since Edge and
 * Opera say "Chrome" too and Chrome says "Safari"; anything else is "unknown" rather than a guess.
 * A library (ua-parser-js) would name more, but its current version is AGPL and this list needs six.
 */
export type BrowserName = "Edge" | "Opera" | "Samsung Internet" | "Firefox" | "Chrome" | "Safari";
export type SystemName = "Windows" | "macOS" | "iOS" | "iPadOS" | "Android" | "ChromeOS" | "Linux";

export interface BrowserSummary {
  readonly browser: BrowserName | null;
  readonly system: SystemName | null;
}

const BROWSERS: readonly [RegExp, BrowserName][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, SystemName][] = [
  [/\bWindows\b/, "Windows"],
  [/\biPad\b/, "iPadOS"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export function browserSummary(userAgent: string | null | undefined): BrowserSummary {
  const ua = userAgent ?? "";
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
