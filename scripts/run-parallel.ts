/**
 * Runs npm scripts side by side and fails if any fails: `tsx scripts/run-parallel.ts typecheck lint`.
 * The static checks are independent and mostly single-threaded; on the 2-core CI machine running them
 * together saves about a minute of `npm run validate`. Each script's output is printed whole when it
 * ends (not interleaved), with its time.
 */
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: tsx scripts/run-parallel.ts <npm script> [<npm script> ...]");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<{ script: string; code: number }>((resolve) => {
        const started = Date.now();
        const child = spawn(npm, ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.on("close", (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          const status = code === 0 ? "ok" : `failed (exit ${code})`;
          process.stdout.write(`\n── ${script}: ${status} in ${seconds} s\n${output}`);
          resolve({ script, code: code ?? 1 });
        });
      }),
  ),
);

const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(", ")}`);
  process.exit(1);
}
