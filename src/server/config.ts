/**
 * Configuration, parsed once from the environment at start-up. A bad value stops the process with a
 * message naming the variable and what is expected, instead of failing on first use.
 */
import {
  STRIPE_PUBLISHABLE_KEY_PATTERN,
  STRIPE_SECRET_KEY_PATTERN,
  STRIPE_WEBHOOK_SECRET_PATTERN,
} from "../core/payments/stripe-keys.ts";
import path from "node:path";
import { z } from "zod";
import { parseTrustedProxy, type TrustedProxy } from "./http/client-address.ts";

const port = z.coerce
  .number({ error: "expected an integer port number between 1 and 65535" })
  .int("expected an integer port number between 1 and 65535")
  .min(1, "expected an integer port number between 1 and 65535")
  .max(65535, "expected an integer port number between 1 and 65535");

const positiveInt = (what: string) =>
  z.coerce
    .number({ error: `expected ${what}` })
    .int(`expected ${what}`)
    .positive(`expected ${what}`);

export const ConfigSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "expected development, production or test" })
    .default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: port.default(3000),
  /** Public base URL used in emails and calendar files. */
  PUBLIC_URL: z.url({ error: "expected an absolute http(s) URL such as https://book.example.com" }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// connection URL")
    .optional(),
  /**
   * A streaming replica of DATABASE_URL's server (hot standby) for free-slot reads (ADR 0056); only
   * with DATABASE_URL: the embedded database has no replicas.
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// connection URL")
    .optional(),
  DATA_DIR: z.string().min(1, "expected a directory path").default("./data"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "expected one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  SEED_DEMO: z
    .enum(["true", "false"], { error: "expected true or false" })
    .default("true")
    .transform((v) => v === "true"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "expected an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587")
    .optional(),
  MAIL_FROM: z.string().default("Bookings <bookings@localhost>"),
  RATE_LIMIT_BOOKINGS_PER_MINUTE: positiveInt("a positive integer (requests per minute per client)").default(30),
  RATE_LIMIT_SLOTS_PER_MINUTE: positiveInt("a positive integer (requests per minute per client)").default(300),
  /**
   * Statements writing bookings in flight at once on PostgreSQL; bookings arriving while all are
   * busy share the next statement (ADR 0011). Unset: 2 on PostgreSQL, 1 on the embedded database.
   */
  BOOKING_WRITE_CONCURRENCY: positiveInt("a positive integer (statements)").optional(),
  /**
   * The proof of work's difficulty (ADR 0055): the largest secret number of a booking challenge, half
   * of it SHA-256 on average per booking. Unset: 20,000 (a fifth of a second in a browser). At most
   * the 500,000 a suspect client gets. Lower it only where every client is trusted (the benchmarks).
   */
  BOOKING_PROOF_MAX_NUMBER: positiveInt("a positive integer up to 500000 (hashes)")
    .max(500_000, "expected a positive integer up to 500000 (hashes)")
    .optional(),
  /** How long a held slot stays reserved for the visitor who holds it. */
  HOLD_MINUTES: positiveInt("a positive integer (minutes)").default(10),
  /**
   * Seals manage links while they wait in the outbox. Optional with the embedded database (a random
   * secret is created in DATA_DIR on first start); required with DATABASE_URL.
   */
  APP_SECRET: z.string().min(32, "expected a random string of at least 32 characters").optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt("a positive integer (milliseconds)").default(10_000),
  /** A client that has not sent its whole request head by then is cut off (slowloris): 408. */
  HEADERS_TIMEOUT_MS: positiveInt("a positive integer (milliseconds)").default(10_000),
  /** A client that has not sent its whole request (body included) by then is cut off: 408. */
  REQUEST_TIMEOUT_MS: positiveInt("a positive integer (milliseconds)").default(30_000),
  /**
   * Where a first visit is sent to the browser's language: every unprefixed path (the default: deep
   * links to the widget included), `/` only, or every path.
   */
  LOCALE_DETECTION: z
    .enum(["no_prefix", "root", "all"], { error: "expected no_prefix, root or all" })
    .default("no_prefix")
    .transform((v) => (v === "no_prefix" ? ("no prefix" as const) : v)),
  /** Locale cookie with `SameSite=None; Secure`: needed when the widget runs inside third-party iframes. */
  LOCALE_COOKIE_CROSS_ORIGIN: z
    .enum(["true", "false"], { error: "expected true or false" })
    .default("false")
    .transform((v) => v === "true"),
  /** Webhooks to loopback and private network addresses: off unless set (local development, a receiver on this machine). */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false"], { error: "expected true or false" })
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Which proxies' X-Forwarded-For / -Host / -Proto are believed: unset (none: the socket address is
   * the client), a hop count (`1`: one proxy in front), or addresses / CIDR ranges (`10.0.0.0/8,127.0.0.1`).
   */
  TRUSTED_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustedProxy => {
      const parsed = parseTrustedProxy(value);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** The business (by slug) whose pages a host name no business claims shows; unset: the oldest business. */
  DEFAULT_BUSINESS: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "expected a business slug such as northwind-wellness")
    .optional(),
  /** `frame-ancestors` of widget pages: who may embed the widget (`*`, or origins separated by spaces). */
  FRAME_ANCESTORS: z
    .string()
    .regex(
      /^(\*|'self'|'none'|(https?:\/\/[^\s;,']+)(\s+https?:\/\/[^\s;,']+)*)$/,
      "expected *, 'self', 'none' or origins such as https://example.com separated by spaces",
    )
    .default("*"),
  /** Stripe takes the payments instead of the built-in test provider: the account's secret (or restricted) key. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(STRIPE_SECRET_KEY_PATTERN, "expected a Stripe secret key such as sk_live_… or sk_test_…")
    .optional(),
  /**
   * The same account's publishable key (pk_…): the booking widget loads Stripe's Payment Element
   * with it. Without it, payments through the server's account are taken by API clients only.
   */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(STRIPE_PUBLISHABLE_KEY_PATTERN, "expected a Stripe publishable key such as pk_live_… or pk_test_…")
    .optional(),
  /** The signing secret of Stripe's webhook endpoint (…/api/webhooks/stripe); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(STRIPE_WEBHOOK_SECRET_PATTERN, "expected the webhook endpoint's signing secret, whsec_…")
    .optional(),
  /** Another server answering Stripe's API (a local stand-in in tests and demos): http(s)://host:port. */
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: "expected an http(s) URL such as http://localhost:12111" })
    .refine((url) => new URL(url).pathname === "/", "expected no path: Stripe's SDK takes a host and a port")
    .transform((url) => {
      const { protocol, hostname, port } = new URL(url);
      const scheme = protocol === "https:" ? "https" : "http";
      return { protocol: scheme, host: hostname, port: port ? Number(port) : scheme === "https" ? 443 : 80 } as const;
    })
    .optional(),
});

/**
 * Stripe needs both keys: without the webhook secret no payment could ever confirm its booking, and
 * without the secret key there would be no Stripe payments to hear about.
 */
const StripeKeysTogether = ConfigSchema.superRefine((config, ctx) => {
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET)
    ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "required with STRIPE_SECRET_KEY" });
  if (config.STRIPE_WEBHOOK_SECRET && !config.STRIPE_SECRET_KEY)
    ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "required with STRIPE_WEBHOOK_SECRET" });
  // The embedded database has no replicas: refused rather than ignored, so nobody believes slots are read from one.
  if (config.DATABASE_READ_URL && !config.DATABASE_URL)
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_READ_URL"],
      message: "needs DATABASE_URL (the embedded database has no read replicas)",
    });
  if (config.DATABASE_READ_URL && config.DATABASE_READ_URL === config.DATABASE_URL)
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_READ_URL"],
      message: "expected a replica, not DATABASE_URL itself",
    });
});

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string };

/** The absolute base URL of the public pages, without a trailing slash (links in emails and printed by CLIs). */
export const publicUrlOf = (config: Pick<Config, "PUBLIC_URL" | "PORT">): string =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings count as unset, as shells and .env files often export them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = StripeKeysTogether.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const given = cleaned[name];
      return `  ${name}: ${issue.message}${given === undefined ? "" : ` (got ${JSON.stringify(given)})`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
