-- Shared rate-limit counters (issue 19, schema-rate-limits.ts). UNLOGGED, edited in by hand (drizzle
-- cannot say it): no write-ahead log for counters that may start afresh after a database crash.
CREATE UNLOGGED TABLE "rate_limit_windows" (
	"limiter" text NOT NULL,
	"client_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_limiter_client_key_window_start_pk" PRIMARY KEY("limiter","client_key","window_start")
);
