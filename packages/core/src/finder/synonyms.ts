// The finder's synonyms (docs/decisions/044-synonyms-as-data.md): the `search_synonyms` table read
// whole (a few hundred short rows) and held per process. Every process drops its copy when any
// process changes the list (the `search_synonyms` payload of `catalogue_changed`, heard as the
// catalogue change "synonyms") and
// reads it again on next use, so an edit reaches every process within a second without touching
// the finder index.
import { asc } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { searchSynonyms } from "@studyatlas/db/schema/search.ts";

/**
 * The `catalogue_changed` payload of every statement that writes `search_synonyms` (the table's
 * trigger, migration 0022, names the table): only the synonyms changed.
 */
export const SYNONYMS_CHANGED = "search_synonyms";

export type SynonymEntry =
  | { id: number; kind: "two-way"; words: string[] }
  | { id: number; kind: "one-way"; input: string; words: string[] };

/** Every entry, oldest first, straight from the table. */
export async function loadSynonyms(db: Database): Promise<SynonymEntry[]> {
  const rows = await db
    .select({
      id: searchSynonyms.id,
      kind: searchSynonyms.kind,
      input: searchSynonyms.input,
      words: searchSynonyms.words,
    })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.id));
  return rows.map((row): SynonymEntry =>
    row.kind === "one-way" && row.input !== null
      ? { id: row.id, kind: "one-way", input: row.input, words: row.words }
      : { id: row.id, kind: "two-way", words: row.words },
  );
}

interface Held {
  /** Bumped by every `forgetSynonyms`: a load that started before it is not kept. */
  generation: number;
  loading?: Promise<readonly SynonymEntry[]> | undefined;
  entries?: readonly SynonymEntry[] | undefined;
}

const held = new WeakMap<Database, Held>();

function heldFor(db: Database): Held {
  let state = held.get(db);
  if (state === undefined) {
    state = { generation: 0 };
    held.set(db, state);
  }
  return state;
}

/**
 * This process's copy of the list for `db`, read on first use and after every change; concurrent
 * callers share one read. A read that a change overtook answers its callers but is not kept.
 */
export function currentSynonyms(db: Database): Promise<readonly SynonymEntry[]> {
  const state = heldFor(db);
  if (state.entries !== undefined) return Promise.resolve(state.entries);
  if (state.loading !== undefined) return state.loading;
  const generation = state.generation;
  const loading = loadSynonyms(db).then(
    (entries) => {
      const frozen = Object.freeze(entries.map((entry) => Object.freeze(entry)));
      if (state.generation === generation) {
        state.entries = frozen;
        state.loading = undefined;
      }
      return frozen;
    },
    (error: unknown) => {
      if (state.generation === generation) state.loading = undefined;
      throw error;
    },
  );
  state.loading = loading;
  return loading;
}

/** The list changed (here or in another process): the next `currentSynonyms` reads it again. */
export function forgetSynonyms(db: Database): void {
  const state = heldFor(db);
  state.generation += 1;
  state.entries = undefined;
  state.loading = undefined;
}
