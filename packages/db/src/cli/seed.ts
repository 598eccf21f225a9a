// npm run db:seed -- [--courses N] [--schools M] [--seed S] [--reset]
// Seeds the demo catalogue into PostgreSQL (DATABASE_URL) or PGlite (DATA_DIR, default ./data).
// Without --reset an already seeded catalogue is left alone.

import { resolve } from "node:path";

import { z } from "zod";

import { openDatabase, type DatabaseHandle } from "../client.ts";
import { parseSeedArguments, SEED_USAGE, type SeedArguments } from "../seed/cli-arguments.ts";
import { createProgressBar } from "../seed/progress-bar.ts";
import {
  DEFAULT_SEED_OPTIONS,
  isCatalogueSeeded,
  seedCatalogue,
  type SeedPhase,
} from "../seed/seed-catalogue.ts";
import { formatThousands } from "../seed/text.ts";

const EnvSchema = z.object({
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  ),
  DATA_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("./data")),
});

const PHASE_LABELS: Readonly<Record<SeedPhase, string>> = {
  reference: "reference",
  schools: "schools",
  courses: "courses",
  indexes: "indexes",
  analyze: "analyze",
  done: "done",
};

async function main(): Promise<number> {
  let args: SeedArguments;
  try {
    args = parseSeedArguments(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`db:seed: ${(error as Error).message} (${SEED_USAGE})\n`);
    return 1;
  }
  if (args.help) {
    process.stdout.write(
      `${SEED_USAGE}\n  defaults: --courses ${DEFAULT_SEED_OPTIONS.courses} --schools ${DEFAULT_SEED_OPTIONS.schools} --seed ${DEFAULT_SEED_OPTIONS.seed}\n  --reset empties schools, courses and anything referencing them first\n  env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data)\n`,
    );
    return 0;
  }
  const env = EnvSchema.safeParse(process.env);
  if (!env.success) {
    const issue = env.error.issues[0];
    process.stderr.write(
      `db:seed: invalid environment variable ${String(issue?.path[0] ?? "")}: ${issue?.message ?? "invalid"}\n`,
    );
    return 1;
  }

  let handle: DatabaseHandle | undefined;
  try {
    handle = env.data.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: env.data.DATABASE_URL, maxConnections: 6 })
      : await openDatabase({ kind: "pglite", dataDir: resolve(env.data.DATA_DIR) });
    await handle.migrate();
    if (!args.reset && (await isCatalogueSeeded(handle))) {
      process.stdout.write(
        "The catalogue is already seeded; nothing to do (use --reset to replace it).\n",
      );
      return 0;
    }
    const target =
      handle.kind === "postgres" ? "PostgreSQL" : `PGlite at ${resolve(env.data.DATA_DIR)}`;
    process.stderr.write(
      `Seeding ${formatThousands(args.courses)} courses and ${formatThousands(args.schools)} schools (seed ${args.seed}) into ${target}\n`,
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
    return 0;
  } catch (error) {
    process.stderr.write(`\ndb:seed failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await handle?.close();
  }
}

process.exitCode = await main();
