import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("parseConfig", () => {
  it("applies defaults on an empty environment", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.SEED_DEMO).toBe(true);
    expect(config.LOCALE_COOKIE_CROSS_ORIGIN).toBe(false);
    expect(config.LOCALE_DETECTION).toBe("no prefix");
    expect(parseConfig({ LOCALE_DETECTION: "root" }).LOCALE_DETECTION).toBe("root");
    expect(config.BOOKING_PROOF_MAX_NUMBER).toBeUndefined();
    expect(parseConfig({ BOOKING_PROOF_MAX_NUMBER: "100" }).BOOKING_PROOF_MAX_NUMBER).toBe(100);
  });

  it.each([
    ["PORT", "abc", /PORT: expected an integer port number between 1 and 65535 \(got "abc"\)/],
    ["PORT", "70000", /PORT: expected an integer port number/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ connection URL/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL: expected one of fatal, error/],
    ["SEED_DEMO", "yes", /SEED_DEMO: expected true or false/],
    ["LOCALE_COOKIE_CROSS_ORIGIN", "1", /LOCALE_COOKIE_CROSS_ORIGIN: expected true or false/],
    ["LOCALE_DETECTION", "everywhere", /LOCALE_DETECTION: expected no_prefix, root or all/],
    ["PUBLIC_URL", "not a url", /PUBLIC_URL: expected an absolute http\(s\) URL/],
    ["BOOKING_PROOF_MAX_NUMBER", "0", /BOOKING_PROOF_MAX_NUMBER: expected a positive integer up to 500000/],
    ["BOOKING_PROOF_MAX_NUMBER", "500001", /BOOKING_PROOF_MAX_NUMBER: expected a positive integer up to 500000/],
  ])("names %s and what it expects when given %s", (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });

  it("takes a read replica only beside DATABASE_URL (the embedded database has none)", () => {
    const primary = { DATABASE_URL: "postgres://db/app" };
    expect(parseConfig({ ...primary, DATABASE_READ_URL: "postgres://replica/app" }).DATABASE_READ_URL).toBe(
      "postgres://replica/app",
    );
    expect(parseConfig(primary).DATABASE_READ_URL).toBeUndefined();
    expect(() => parseConfig({ ...primary, DATABASE_READ_URL: "mysql://replica" })).toThrow(
      /DATABASE_READ_URL: expected a postgres:\/\/ or postgresql:\/\/ connection URL/,
    );
    expect(() => parseConfig({ DATABASE_READ_URL: "postgres://replica/app" })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL \(the embedded database has no read replicas\)/,
    );
    expect(() => parseConfig({ ...primary, DATABASE_READ_URL: primary.DATABASE_URL })).toThrow(
      /DATABASE_READ_URL: expected a replica, not DATABASE_URL itself/,
    );
  });

  it("takes Stripe's two keys together, and another API server by its URL", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };
    expect(parseConfig(stripe)).toMatchObject(stripe);
    expect(parseConfig(stripe).STRIPE_API_BASE).toBeUndefined();
    expect(parseConfig({ ...stripe, STRIPE_API_BASE: "http://localhost:12111" }).STRIPE_API_BASE).toEqual({
      protocol: "http",
      host: "localhost",
      port: 12111,
    });
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
    expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      /STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      /STRIPE_SECRET_KEY: expected a Stripe secret key/,
    );
    expect(parseConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: "pk_test_abc" }).STRIPE_PUBLISHABLE_KEY).toBe(
      "pk_test_abc",
    );
    expect(() => parseConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: expected a Stripe publishable key/,
    );
    expect(() => parseConfig({ ...stripe, STRIPE_API_BASE: "http://localhost:12111/v1" })).toThrow(
      /STRIPE_API_BASE: expected no path/,
    );
  });

  it("reads LOCALE_COOKIE_CROSS_ORIGIN as a boolean", () => {
    expect(parseConfig({ LOCALE_COOKIE_CROSS_ORIGIN: "true" }).LOCALE_COOKIE_CROSS_ORIGIN).toBe(true);
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ PORT: "" }).PORT).toBe(3000);
  });
});
