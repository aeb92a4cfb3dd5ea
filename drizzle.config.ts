import { defineConfig } from "drizzle-kit";

// Migrations are generated from src/adapters/db/schema-business.ts and schema-bookings.ts and applied at start-up by
// src/adapters/db/migrate.ts, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./src/adapters/db/schema-business.ts",
    "./src/adapters/db/schema-bookings.ts",
    "./src/adapters/db/schema-forms.ts",
  ],
  out: "./src/adapters/db/migrations",
});
