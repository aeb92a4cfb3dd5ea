import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin must not run under vitest.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/integration/**/*.test.ts"],
    environment: "node",
    env: { TZ: "UTC" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
