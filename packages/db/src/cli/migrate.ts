// `npm run db:migrate`: applies the committed SQL migrations (packages/db/migrations) to the
// database the environment names. The server applies them at boot too; this is for deployments
// that migrate before starting new app processes.
import { DATABASE_TARGET_USAGE, openDatabaseTarget } from "./database-target.ts";

async function main(): Promise<number> {
  if (process.argv.includes("--help")) {
    process.stdout.write(`usage: npm run db:migrate\n  ${DATABASE_TARGET_USAGE}\n`);
    return 0;
  }
  const target = await openDatabaseTarget("db:migrate", 1);
  if (!target) return 1;
  try {
    const started = performance.now();
    await target.handle.migrate();
    process.stdout.write(
      `Migrations applied to ${target.label} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`db:migrate: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await target.handle.close();
  }
}

process.exitCode = await main();
