/**
 * The load generator of bench/booking.bench.ts and bench/free-slots.bench.ts, run in its own process (child_process.fork) so the
 * clients do not share the server's CPU time slice or event loop. `clients` keep-alive HTTP
 * connections, each sending its next request when the previous answer has arrived; latency is
 * measured here, from request start to the last byte of the response. A "stop" message ends a job
 * early: no new request is sent, and it reports what was answered (a flood, bench/flood.bench.ts).
 */
import http from "node:http";

export interface LoadJob {
  readonly port: number;
  readonly path: string;
  readonly clients: number;
  /** Request bodies (JSON text) with their Idempotency-Key; sent in order, each once. */
  readonly requests: readonly { readonly key: string; readonly body: string }[];
  readonly expectStatus: number;
  /** GET sends no body and no key (bench/free-slots.bench.ts); POST by default. */
  readonly method?: "GET" | "POST";
  /**
   * Visitors behind one proxy: request i says `X-Forwarded-For: 10.0.x.y`, the (i mod n)-th of n
   * addresses (a server trusting loopback as its proxy limits each apart). Absent: no such header.
   */
  readonly visitors?: number;
  /** One visitor sending every request (`X-Forwarded-For: address`): a flood (bench/flood.bench.ts). */
  readonly address?: string;
  /** Sent as If-None-Match (a client revalidating what it holds: bench/free-slots.bench.ts). */
  readonly ifNoneMatch?: string;
  /** Sent as Accept-Encoding, as browsers do (none by default: the answer comes unencoded). */
  readonly acceptEncoding?: string;
}

/** The i-th of a bench's visitor addresses. */
export function visitorAddress(i: number): string {
  return `10.0.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

export interface LoadResult {
  readonly seconds: number;
  readonly latencies: number[];
  readonly failures: number;
  readonly firstFailures: string[];
  readonly cpuMs: number;
}

let stopping = false;

async function runJob(job: LoadJob): Promise<LoadResult> {
  stopping = false;
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.clients });
  const latencies: number[] = new Array<number>(job.requests.length);
  const firstFailures: string[] = [];
  let failures = 0;
  let next = 0;
  const send = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const request = job.requests[i]!;
      const get = job.method === "GET";
      const t0 = performance.now();
      const req = http.request(
        {
          host: "127.0.0.1",
          port: job.port,
          path: job.path,
          method: get ? "GET" : "POST",
          agent,
          headers: {
            ...(job.ifNoneMatch ? { "if-none-match": job.ifNoneMatch } : {}),
            ...(job.acceptEncoding ? { "accept-encoding": job.acceptEncoding } : {}),
            ...(job.address
              ? { "x-forwarded-for": job.address }
              : job.visitors
                ? { "x-forwarded-for": visitorAddress(i % job.visitors) }
                : {}),
            ...(get
              ? {}
              : {
                  "content-type": "application/json",
                  "content-length": Buffer.byteLength(request.body),
                  "idempotency-key": request.key,
                }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            latencies[i] = performance.now() - t0;
            if (res.statusCode !== job.expectStatus) {
              failures++;
              if (firstFailures.length < 3)
                firstFailures.push(`${res.statusCode} ${Buffer.concat(chunks).toString("utf8").slice(0, 300)}`);
            }
            resolve();
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(get ? undefined : request.body);
    });
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.clients }, async () => {
      for (let i = next++; i < job.requests.length && !stopping; i = next++) await send(i);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  return {
    seconds,
    latencies: stopping ? latencies.filter((ms) => ms !== undefined) : latencies,
    failures,
    firstFailures,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

process.on("message", (job: LoadJob | "stop") => {
  if (job === "stop") return void (stopping = true);
  runJob(job).then(
    (result) => process.send!(result),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
