import { defineConfig } from "vitest/config";

// Browser journeys against the real server (built web app, embedded database with the demo seed)
// in headless Debian Chromium driven by playwright-core. `npm run e2e` builds first.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    env: { TZ: "UTC" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
