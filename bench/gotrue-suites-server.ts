// One StudyAtlas server for bench/gotrue-suites.ts: the app without its built front end (only the
// API and /auth/v1 are needed), on DATABASE_URL, with the environment it is started with (the
// "GoTrue defaults" profile, config/gotrue-defaults.env). Prints "ready" once it listens.
import { openDatabase } from "@studyatlas/db/client.ts";

import { buildApp } from "../apps/web/server/app.ts";
import { loadConfig } from "../apps/web/server/config.ts";

const config = loadConfig({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" });
const database = await openDatabase(
  config.database.kind === "postgres"
    ? { kind: "postgres", url: config.database.url, maxConnections: 10 }
    : { kind: "pglite", dataDir: config.database.dataDir },
);
if (process.env.GOTRUE_SUITES_MIGRATE === "true") await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: config.port, host: "127.0.0.1" });
console.log(`ready on ${config.port}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
