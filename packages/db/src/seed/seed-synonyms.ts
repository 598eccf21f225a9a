// Writes the curated synonym list (synonyms.ts) into `search_synonyms`
// (docs/decisions/044-synonyms-as-data.md "Seeding"). The table is the list from then on: the seed
// fills it only while it is empty and no sales agent has ever edited it (no synonym entry in the
// audit log), so a deployment that upgrades gets the list at its next start, and a list a sales
// agent emptied stays empty. The demo seed's reset (`npm run db:seed -- --reset`) puts the curated
// list back whatever the table holds.
import type { RawQuery } from "../client.ts";
import { CURATED_SYNONYMS } from "./synonyms.ts";

const CURATED_JSON = JSON.stringify(
  CURATED_SYNONYMS.map((entry) => ({
    kind: entry.kind,
    input: entry.kind === "one-way" ? entry.input : null,
    words: entry.words,
    note: entry.note ?? null,
  })),
);

const INSERT_CURATED = `insert into "search_synonyms" ("kind", "input", "words", "note")
  select "kind", "input", "words", "note"
  from jsonb_to_recordset($1::jsonb) as "entry"("kind" text, "input" text, "words" text[], "note" text)`;

/**
 * Seeds the curated list into an empty, never-edited table (or, with `reset`, replaces whatever
 * the table holds). Returns the number of entries written.
 */
export async function seedSynonyms(
  handle: { query: RawQuery },
  options: { reset?: boolean } = {},
): Promise<number> {
  if (options.reset === true) {
    await handle.query(`delete from "search_synonyms"`);
    const result = await handle.query(`${INSERT_CURATED} returning "id"`, [CURATED_JSON]);
    return result.rows.length;
  }
  // One statement: two processes starting at once cannot both see an empty table and write it
  // twice on PGlite (one connection); on PostgreSQL the primary prepares the database alone.
  const result = await handle.query(
    `${INSERT_CURATED}
     where not exists (select 1 from "search_synonyms")
       and not exists (select 1 from "audit_log" where "entity" = 'synonym')
     returning "id"`,
    [CURATED_JSON],
  );
  return result.rows.length;
}
