import { defineConfig } from "vitest/config";

// Browser journeys against the real server (built web app, embedded database with the demo seed)
// in headless Debian Chromium driven by playwright-core. `npm run e2e` builds first.
//
// The journeys mostly wait (on the server, the browser, the clock), so E2E_LANES files (default 2)
// run side by side. Each worker runs one file at a time against a server of its own
// (support/server.ts picks it by VITEST_POOL_ID), so no file ever shares its server with another file
// running at the same moment — as when everything ran in one lane (E2E_LANES=1).
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2));

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    env: { TZ: "UTC", E2E_LANES: String(E2E_LANES) },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: E2E_LANES,
    // A journey waits for what a visitor waits for; on a loaded 2-core machine that can take longer
    // than vitest's 1 s default. Polls still end as soon as their condition holds.
    expect: { poll: { timeout: 10_000 } },
  },
});
