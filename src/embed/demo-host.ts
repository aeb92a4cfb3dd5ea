/**
 * A business's own web site, on another origin than the widget, for the demo (`npm run embed:demo`)
 * and the browser tests (issue 17). It embeds the demo calendars with the snippets the business API
 * generates — inline, pop-up and floating — under a strict Content-Security-Policy of its own (no
 * inline script or style), and lists the widget's events as the host page hears them.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO } from "../adapters/db/seed/demo-ids.ts";
import { embedSnippet, type EmbedSnippetOptions } from "./snippet.ts";
import { escapeHtml } from "../core/shared/html.ts";

export interface DemoHostOptions {
  /** Where the widget is served, e.g. `http://127.0.0.1:3000`. */
  readonly appOrigin: string;
  readonly port?: number;
  /** The host name this site is opened on: another site than the widget's (`localhost` vs `127.0.0.1`). */
  readonly hostname?: string;
}

export interface DemoHost {
  readonly url: string;
  close(): Promise<void>;
}

/** The page's snippets; a query such as `?lang=de&brand=%23aa00ff` is passed to every embed. */
function snippets(appOrigin: string, query: URLSearchParams): { title: string; html: string }[] {
  const lang = query.get("lang") ?? undefined;
  const params = {
    ...(query.get("theme") ? { theme: query.get("theme")! } : {}),
    ...(query.get("brand") ? { brand: query.get("brand")! } : {}),
    ...(query.get("email") ? { email: query.get("email")! } : {}),
    ...(query.get("first-name") ? { "first-name": query.get("first-name")! } : {}),
  };
  const base = { origin: appOrigin, lang, params } satisfies Partial<EmbedSnippetOptions>;
  return [
    {
      title: "Inline: an introductory call",
      html: embedSnippet({
        ...base,
        mode: "inline",
        path: `/widget/booking/${DEMO.calendars.introCall}`,
        label: "Book an introductory call",
      }),
    },
    {
      title: "Pop-up: a massage, paid online",
      html: embedSnippet({
        ...base,
        mode: "popup",
        path: `/widget/booking/${DEMO.calendars.massage}`,
        label: "Book a massage",
      }),
    },
    {
      title: "Floating button: a class",
      html: embedSnippet({
        ...base,
        mode: "floating",
        path: `/widget/booking/${DEMO.calendars.yoga}`,
        label: "Join a yoga class",
      }),
    },
  ];
}

function page(appOrigin: string, query: URLSearchParams): string {
  const sections = snippets(appOrigin, query)
    .map(
      ({ title, html }) =>
        `<section><h2>${escapeHtml(title)}</h2>\n${html}\n<details><summary>The snippet</summary><pre><code>${escapeHtml(html)}</code></pre></details></section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="${escapeHtml(query.get("lang") ?? "en")}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Northwind Wellness Studio — our own site</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/host.css"><script src="/host.js" defer></script></head>
<body><header><p class="brand">Northwind Wellness Studio</p><p>This page stands for a business's own web site: another
origin than the booking widget, with a strict Content-Security-Policy.</p></header>
<main><h1>Book with us</h1>
${sections}
<section><h2>What this page heard</h2><ol id="events" aria-live="polite"></ol></section></main>
</body></html>`;
}

/** The host page's own script: it records every widget event, for people and for the tests. */
const HOST_SCRIPT = `window.bookingEvents = [];
for (const name of ["slots-loaded", "slot-chosen", "booked", "rescheduled", "cancelled", "resize", "close"]) {
  document.addEventListener("booking:" + name, (e) => {
    window.bookingEvents.push({ name, detail: e.detail });
    if (name === "resize") return;
    const item = document.createElement("li");
    item.textContent = name + " " + JSON.stringify(e.detail);
    document.getElementById("events").append(item);
  });
}
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI));`;

const HOST_CSS = `body{margin:0;font:16px/1.5 Georgia,serif;color:#222;background:#fffdf8}
header{background:#2d3b2f;color:#f5f1e6;padding:16px 24px}header .brand{font-size:1.4rem;margin:0}
main{max-width:960px;margin:0 auto;padding:16px 24px 120px}
button[data-booking-popup]{font:inherit;padding:12px 20px;border-radius:8px;border:2px solid #2d3b2f;background:#fff;cursor:pointer}
pre{white-space:pre-wrap;word-break:break-all;background:#f1ede3;padding:8px}`;

/** The header a strict site would send: scripts and frames only from itself and the widget. */
export function demoHostPolicy(appOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${appOrigin}`,
    "style-src 'self'",
    `frame-src ${appOrigin}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
  ].join("; ");
}

export function startDemoHost(options: DemoHostOptions): Promise<DemoHost> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://host");
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        "Content-Type": `${type}; charset=utf-8`,
        "Content-Security-Policy": demoHostPolicy(options.appOrigin),
        "Cache-Control": "no-store",
      });
      res.end(body);
    };
    if (url.pathname === "/") send(200, "text/html", page(options.appOrigin, url.searchParams));
    else if (url.pathname === "/host.js") send(200, "text/javascript", HOST_SCRIPT);
    else if (url.pathname === "/host.css") send(200, "text/css", HOST_CSS);
    else send(404, "text/plain", "Not found");
  });
  const hostname = options.hostname ?? "localhost";
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    // No address: every interface, IPv4 and IPv6 alike, as `localhost` may resolve to either.
    server.listen(options.port ?? 0, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${hostname}:${port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
