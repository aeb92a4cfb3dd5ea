import { defineConfig } from "drizzle-kit";

// Migrations are generated from the src/adapters/db/schema-*.ts files and applied at start-up by
// src/adapters/db/migrate.ts, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./src/adapters/db/schema-business.ts",
    "./src/adapters/db/schema-bookings.ts",
    "./src/adapters/db/schema-content.ts",
  ],
  out: "./src/adapters/db/migrations",
});
