/**
 * Observatory-style rules for one response's headers (https://developer.mozilla.org/en-US/observatory):
 * a CSP without 'unsafe-inline' or 'unsafe-eval' scripts, object-src 'none', base-uri and
 * frame-ancestors present, nosniff and a referrer policy.
 */
import { expect } from "vitest";

export function expectSecureHeaders(res: Response, where: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp, where).not.toBe("");
  expect(csp, where).toMatch(/default-src '(self|none)'/);
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc, where).not.toContain("unsafe-inline");
  expect(scriptSrc, where).not.toContain("unsafe-eval");
  expect(csp, where).toMatch(/frame-ancestors /);
  expect(csp, where).toMatch(/base-uri /);
  if (!csp.startsWith("default-src 'none'")) expect(csp, where).toContain("object-src 'none'");
  expect(res.headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), where).toMatch(/^(no-referrer|strict-origin-when-cross-origin)$/);
}
