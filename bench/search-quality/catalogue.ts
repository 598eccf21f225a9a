// The demo catalogue as `npm start` seeds it on a first run (apps/web/server/index.ts: 6,000
// programmes, 450 schools, seed 42, the defaults of SEED_COURSES and SEED_SCHOOLS), in an embedded
// in-memory PGlite, and the generator's ground truth for every public programme: the facts the
// judged queries' rules read (README.md in this folder). The seeded database is kept as a PGlite
// dump in the temp folder, named by a hash of everything seeding reads (the db package's sources
// and migrations, the catalogue's size and seed), so that later runs load it in a second or two
// instead of seeding again; `fresh` seeds regardless.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { sql } from "drizzle-orm";

import { selectRows } from "@studyatlas/core/sql-rows.ts";
import { openDatabase, type DatabaseHandle } from "@studyatlas/db/client.ts";
import { DEFAULT_SEED_OPTIONS, seedCatalogue } from "@studyatlas/db/seed/seed-catalogue.ts";

import type { Programme } from "./judgments.ts";

/** The demo catalogue's size and seed: what a first `npm start` seeds. */
export const DEMO_CATALOGUE = DEFAULT_SEED_OPTIONS;

const DB_PACKAGE = fileURLToPath(new URL("../../packages/db/", import.meta.url));

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(directory, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    })
    .filter((file) => !file.endsWith(".test.ts"))
    .sort();
}

/** The dump's file: named by what seeding reads, so that any change to it seeds anew. */
function dumpFile(): string {
  const hash = createHash("sha256").update(JSON.stringify(DEMO_CATALOGUE));
  for (const file of [
    ...filesUnder(path.join(DB_PACKAGE, "src")),
    ...filesUnder(path.join(DB_PACKAGE, "migrations")),
  ]) {
    hash.update(path.relative(DB_PACKAGE, file)).update(readFileSync(file));
  }
  return path.join(tmpdir(), `studyatlas-search-quality-${hash.digest("hex").slice(0, 16)}.tar`);
}

function readSaved(file: string): Buffer<ArrayBuffer> | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

export async function openDemoCatalogue(
  options: { fresh?: boolean } = {},
): Promise<{ handle: DatabaseHandle; reused: boolean }> {
  const file = dumpFile();
  // Another checkout's run may remove the dump meanwhile: then seed.
  const saved = !options.fresh && existsSync(file) ? readSaved(file) : undefined;
  if (saved) {
    return {
      handle: await openDatabase({ kind: "pglite", loadDataDir: new Blob([saved]) }),
      reused: true,
    };
  }
  const handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  await seedCatalogue(handle, { ...DEMO_CATALOGUE });
  const dump = await handle.pglite?.dumpDataDir("none");
  if (dump) {
    // Written aside, then renamed: a run cut short never leaves half a dump to load.
    writeFileSync(`${file}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.${process.pid}`, file);
    // One dump kept (about 100 MB): those of earlier seeding code are never loaded again.
    for (const name of readdirSync(tmpdir())) {
      const other = path.join(tmpdir(), name);
      if (/^studyatlas-search-quality-[0-9a-f]{16}\.tar$/.test(name) && other !== file) {
        rmSync(other, { force: true });
      }
    }
  }
  return { handle, reused: false };
}

interface Row {
  id: number;
  name: string;
  disciplines: string[];
  level: string;
  degree: string | null;
  country: string;
  attendance: string;
  format: string;
  tuition_fee: number;
  tuition_usd: number | null;
  language: string | null;
}

/** Every programme a visitor can find (published, at a published school), with its facts. */
export async function readProgrammes(handle: DatabaseHandle): Promise<Programme[]> {
  const rows = await selectRows<Row>(
    handle.db,
    sql`select c.id, c.name,
          coalesce((select array_agg(d.slug order by cd.position)
              from course_disciplines cd join disciplines d on d.id = cd.discipline_id
              where cd.course_id = c.id), '{}') as disciplines,
          pt.slug as level, dt.short_name as degree, co.code as country,
          c.attendance, c.course_format as format, c.tuition_fee::float8 as tuition_fee,
          c.tuition_fee_usd::float8 as tuition_usd, l.code as language
        from courses c join schools s on s.id = c.school_id
        join countries co on co.id = s.country_id
        join programme_types pt on pt.id = c.programme_type_id
        left join degree_types dt on dt.id = c.degree_type_id
        left join languages l on l.id = c.language_id
        where c.published and s.published
        order by c.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    disciplines: row.disciplines,
    level: row.level,
    degree: row.degree,
    country: row.country,
    attendance: row.attendance,
    format: row.format,
    tuitionFee: row.tuition_fee,
    tuitionUsd: row.tuition_usd,
    language: row.language,
  }));
}
