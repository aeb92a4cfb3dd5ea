/**
 * The server this test file runs against. Each vitest worker (VITEST_POOL_ID, 1…maxWorkers) runs one
 * file at a time and has a server of its own (global-setup.ts), so files running side by side never
 * share a server's demo data, rate limits or mailbox.
 */
import { inject } from "vitest";

const servers = inject("servers");
const server = servers[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % servers.length]!;

export const baseURL = server.url;
export const dataDir = server.dataDir;
