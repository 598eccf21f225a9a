// npm run db:seed -- [--courses N] [--schools M] [--seed S] [--reset] [--no-demo-accounts]
// Seeds the demo catalogue into PostgreSQL (DATABASE_URL) or PGlite (DATA_DIR, default ./data).
// Without --reset an already seeded catalogue is left alone. The demo accounts are created by the
// caller's `afterSeed` (scripts/db-seed.ts: they need the password hashing of packages/core).

import type { DatabaseHandle } from "../client.ts";
import { parseSeedArguments, SEED_USAGE, type SeedArguments } from "../seed/cli-arguments.ts";
import { createProgressBar } from "../seed/progress-bar.ts";
import {
  DEFAULT_SEED_OPTIONS,
  isCatalogueSeeded,
  seedCatalogue,
  type SeedPhase,
} from "../seed/seed-catalogue.ts";
import { formatThousands } from "../seed/text.ts";
import { DATABASE_TARGET_USAGE, openDatabaseTarget } from "./database-target.ts";

const PHASE_LABELS: Readonly<Record<SeedPhase, string>> = {
  reference: "reference",
  schools: "schools",
  courses: "courses",
  indexes: "indexes",
  analyze: "analyze",
  done: "done",
};

export interface SeedCliOptions {
  /** Runs on the open database once the catalogue is there (seeded now or before). */
  afterSeed?: (handle: DatabaseHandle, args: SeedArguments) => Promise<void>;
  /** DEMO_ACCOUNTS=false turns the demo accounts off unless a flag says otherwise. */
  demoAccountsByDefault?: boolean;
}

export async function runSeedCli(
  argv: readonly string[],
  options: SeedCliOptions = {},
): Promise<number> {
  let args: SeedArguments;
  try {
    args = parseSeedArguments(argv, options.demoAccountsByDefault ?? true);
  } catch (error) {
    process.stderr.write(`db:seed: ${(error as Error).message} (${SEED_USAGE})\n`);
    return 1;
  }
  if (args.help) {
    process.stdout.write(
      `${SEED_USAGE}\n  defaults: --courses ${DEFAULT_SEED_OPTIONS.courses} --schools ${DEFAULT_SEED_OPTIONS.schools} --seed ${DEFAULT_SEED_OPTIONS.seed}\n  --reset empties schools, courses and anything referencing them first\n  ${DATABASE_TARGET_USAGE}\n`,
    );
    return 0;
  }
  let handle: DatabaseHandle | undefined;
  try {
    const target = await openDatabaseTarget("db:seed", 6);
    if (!target) return 1;
    handle = target.handle;
    await handle.migrate();
    if (!args.reset && (await isCatalogueSeeded(handle))) {
      process.stdout.write(
        "The catalogue is already seeded; nothing to do (use --reset to replace it).\n",
      );
      await options.afterSeed?.(handle, args);
      return 0;
    }
    process.stderr.write(
      `Seeding ${formatThousands(args.courses)} courses and ${formatThousands(args.schools)} schools (seed ${args.seed}) into ${target.label}\n`,
    );
    const bar = createProgressBar();
    const result = await seedCatalogue(handle, {
      courses: args.courses,
      schools: args.schools,
      seed: args.seed,
      reset: args.reset,
      onProgress: (p) => {
        if (p.phase === "courses" || p.phase === "indexes")
          bar.update(PHASE_LABELS[p.phase], p.done, p.total);
        else if (p.phase !== "done") bar.log(`${PHASE_LABELS[p.phase]}...`);
      },
    });
    bar.done();
    const rate = result.seconds > 0 ? result.courses / result.seconds : 0;
    process.stdout.write(
      `Seeded ${result.courses} courses and ${result.schools} schools in ${result.seconds.toFixed(1)} s (${formatThousands(rate)} courses/s)\n`,
    );
    await options.afterSeed?.(handle, args);
    return 0;
  } catch (error) {
    process.stderr.write(`\ndb:seed failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await handle?.close();
  }
}

// Run directly (without the demo accounts, which need packages/core): scripts/db-seed.ts is the
// npm script's entry.
if (import.meta.main) process.exitCode = await runSeedCli(process.argv.slice(2));
