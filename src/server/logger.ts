import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; secrets in headers are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "booking" },
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "*.apiKey", "*.manageToken", "*.token"], censor: "[redacted]" },
  });
}
