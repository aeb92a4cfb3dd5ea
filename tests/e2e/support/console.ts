/** Signing in to the business console in a browser, as the demo's owner or staff member. */
import type { Cookie, Page } from "playwright-core";
import { DEMO } from "../../../src/adapters/db/seed/demo-ids.ts";
import { waitForHydration } from "./browser.ts";
import { clientAddress } from "./booking.ts";

export type DemoLogin = keyof typeof DEMO.logins;

/** Signs in through the sign-in page (in `locale`, default English) and waits for the first console screen. */
export async function signInToConsole(page: Page, baseURL: string, who: DemoLogin, locale = ""): Promise<void> {
  const prefix = locale ? `/${locale}` : "";
  // Each journey signs in from an address of its own, as real owners do: the sign-in limits are per client.
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
  await page.goto(`${baseURL}${prefix}/console/sign-in`);
  await waitForHydration(page);
  await page.locator("input[name=email]").fill(DEMO.logins[who].email);
  await page.locator("input[name=password]").fill(DEMO.logins[who].password);
  await page.locator("form button[type=submit]").click();
  await page.locator(".console__main h1").waitFor();
}

/** The session cookies of each login signed in with in this lane (its files share these modules: isolate false). */
const sessions = new Map<string, Cookie[]>();

/**
 * The page signed in as `who` and on the first console screen, as signInToConsole leaves it — but
 * through the sign-in page only the first time in this lane: later pages are given that login's
 * session cookie (a sign-in costs a password hash on the server). A session ended meanwhile (the
 * console shows its sign-in form) is replaced by signing in afresh. For journeys about the console's
 * screens; those about signing in and sessions themselves use signInToConsole.
 */
export async function consoleAs(page: Page, baseURL: string, who: DemoLogin, locale = ""): Promise<void> {
  const key = `${baseURL} ${who}`;
  const cookies = sessions.get(key);
  if (cookies) {
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
    await page.context().addCookies(cookies);
    await page.goto(`${baseURL}${locale ? `/${locale}` : ""}/console`);
    await waitForHydration(page);
    const screen = page.locator(".console__main h1");
    await screen.or(page.locator("input[name=password]")).first().waitFor();
    if ((await screen.count()) > 0) return;
  }
  await signInToConsole(page, baseURL, who, locale);
  sessions.set(key, await page.context().cookies(baseURL));
}

/** The business API as the signed-in browser calls it (its cookie and CSRF token): the status. */
export async function consoleApi(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  return (await consoleApiJson(page, method, path, body)).status;
}

/** The same call, with the answer's JSON (null for none). */
export async function consoleApiJson<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = (await (await fetch("/api/console/session")).json()) as { csrfToken: string };
      const res = await fetch(`/api${path}`, {
        method,
        headers: { "content-type": "application/json", "x-csrf-token": session.csrfToken },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}
