import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs on stdout (tests may pass another destination); secrets in headers are redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "booking" },
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.apiKey", "*.manageToken", "*.token"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
