import type { TestProject } from "vitest/node";
import { startServer } from "./start-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("baseURL", server.url);
  return async () => {
    await server.stop();
  };
}
