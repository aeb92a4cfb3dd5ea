import { defineConfig } from "vitest/config";

// Browser journeys against the real server (built web app, embedded database with the demo seed)
// in headless Debian Chromium driven by playwright-core. `npm run e2e` builds first.
//
// E2E_LANES files can run side by side, each worker against a server of its own (support/server.ts
// picks it by VITEST_POOL_ID), so no file shares its server with another file running at the same
// moment. The default is one lane: on the 2-core CI machine two lanes were measured slower (browser
// and server both want a core; the e2e phase took ~13 min against ~7 min in one lane) and flakier.
// On a machine with more cores, E2E_LANES=2 or more pays off.
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 1));

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    env: { TZ: "UTC", E2E_LANES: String(E2E_LANES) },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: E2E_LANES,
    // A lane imports playwright, axe and the support modules once and runs its files one after another
    // in that module graph, as vitest.config.ts does (about half a second a file). No journey keeps
    // state in a shared module: each launches its own browser and closes it in afterAll.
    isolate: false,
    // A journey waits for what a visitor waits for; on a loaded 2-core machine that can take longer
    // than vitest's 1 s default. Polls still end as soon as their condition holds.
    expect: { poll: { timeout: 10_000 } },
  },
});
