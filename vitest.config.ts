import os from "node:os";
import { defineConfig } from "vitest/config";
import { i18nCatalogs } from "./src/i18n/vite-plugin.ts";

const CONCURRENCY_SUITE = "tests/integration/booking-concurrency.test.ts";
const shared = {
  environment: "node",
  // API_RESPONSE_CONTRACT: every JSON answer is checked against its route's declared schema (api-router.ts).
  env: { TZ: "UTC", API_RESPONSE_CONTRACT: "1" },
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Files run one after another in each worker's module graph instead of a fresh graph per file:
  // re-importing the app for each of ~170 files was ~130 s of worker time. Measured on the shared
  // 2-core machine: the phase took 284 s isolated (load 5-6) and 201 s without (load 6-8), with
  // the same 1895 tests passing. Suites keep no state in shared modules; hooks restore spies/timers.
  isolate: false,
  // An unexpected console.error fails the test (tests/support/fail-on-console-error.ts).
  setupFiles: ["tests/support/fail-on-console-error.ts"] as string[],
} as const;

// Kept apart from vite.config.ts: the React Router plugin must not run under vitest.
// The concurrency suite (150 simultaneous bookings against one database) runs after everything
// else, alone: on 2 cores, sharing the CPU with other database suites only makes it slow, not truer.
export default defineConfig({
  test: {
    // vitest's default (one worker fewer than there are cores) is a single worker on the 2-core CI
    // machine, where the database suites spend much of their time waiting on PostgreSQL's own
    // processes: two workers took the phase from 419 s to 291 s there.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        // The page catalogues (virtual:i18n-catalogs) for server loaders that word text, as in the build.
        plugins: [i18nCatalogs()],
        test: {
          ...shared,
          name: "unit and integration",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/integration/**/*.test.ts"],
          exclude: [CONCURRENCY_SUITE, "**/node_modules/**"],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: "concurrency",
          include: [CONCURRENCY_SUITE],
          testTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
