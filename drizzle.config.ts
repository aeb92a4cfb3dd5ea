import { defineConfig } from "drizzle-kit";

// Migrations are generated from every src/adapters/db/schema-*.ts and applied at start-up by
// src/adapters/db/migrate.ts, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/adapters/db/schema-*.ts",
  out: "./src/adapters/db/migrations",
});
