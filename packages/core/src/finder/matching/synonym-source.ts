// Where the search's synonyms come from (docs/decisions/043-search-understanding.md): the
// `search_synonyms` table, held in each process and read again after every change to it
// (synonyms.ts, docs/decisions/044-synonyms-as-data.md).
import type { Database } from "@studyatlas/db/client.ts";

import { currentSynonyms } from "../synonyms.ts";
import type { SynonymRule } from "./expand.ts";

/** The synonyms a search is expanded with now. */
export function searchSynonyms(db: Database): Promise<readonly SynonymRule[]> {
  return currentSynonyms(db);
}
