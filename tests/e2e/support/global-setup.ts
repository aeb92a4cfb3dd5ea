import type { TestProject } from "vitest/node";
import fs from "node:fs";
import { DATA_TEMPLATE_ENV, prepareDataTemplate, startServer } from "./start-server.ts";

export interface E2eServer {
  url: string;
  /** The server's data directory (PGlite files and the .eml files of the embedded mail transport). */
  dataDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per lane (vitest.e2e.config.ts); a test file reaches its own through support/server.ts. */
    servers: E2eServer[];
  }
}

export default async function setup(project: TestProject) {
  const lanes = Math.max(1, Number(process.env.E2E_LANES ?? 1));
  // Set before any test file's process starts, so every server of the run copies it.
  const template = await prepareDataTemplate();
  process.env[DATA_TEMPLATE_ENV] = template;
  const servers = await Promise.all(Array.from({ length: lanes }, () => startServer()));
  project.provide(
    "servers",
    servers.map(({ url, dataDir }) => ({ url, dataDir })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(template, { recursive: true, force: true });
  };
}
