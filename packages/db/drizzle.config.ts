import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate` to write SQL migrations from the schema; the app applies
// the committed SQL at boot (packages/db/src/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./packages/db/src/schema",
  out: "./packages/db/migrations",
});
