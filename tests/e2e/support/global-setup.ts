import type { TestProject } from "vitest/node";
import { startServer } from "./start-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's data directory (PGlite files and the .eml files of the embedded mail transport). */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
  return async () => {
    await server.stop();
  };
}
