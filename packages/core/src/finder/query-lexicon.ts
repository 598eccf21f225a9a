// The words that are filters, with the catalogue's country names and degree types (docs/decisions/
// 045-words-that-are-filters.md): read once per finder index (the index is rebuilt when the
// countries change), or from the countries and degree types tables on each request on the SQL path.
import type { Database } from "@studyatlas/db/client.ts";
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";
import type { QueryChip } from "@studyatlas/schemas/finder.ts";

import { listCountryOptions } from "../catalogue/countries.ts";
import { listDegreeTypes } from "../catalogue/reference-lists.ts";
import type { CourseIndex } from "./index/course-index.ts";
import { QueryWordLexicon, understandQuery } from "./query-words.ts";

const LEXICON_OF_INDEX = new WeakMap<CourseIndex, Promise<QueryWordLexicon>>();

async function loadLexicon(db: Database): Promise<QueryWordLexicon> {
  const [countries, degreeTypes] = await Promise.all([
    listCountryOptions(db, { enabledOnly: false }),
    listDegreeTypes(db),
  ]);
  return new QueryWordLexicon(countries, degreeTypes);
}

/** The lexicon for this request: the index's copy, or one read now. */
export function queryWordLexicon(db: Database, index?: CourseIndex): Promise<QueryWordLexicon> {
  if (!index) return loadLexicon(db);
  let lexicon = LEXICON_OF_INDEX.get(index);
  if (!lexicon) {
    lexicon = loadLexicon(db);
    LEXICON_OF_INDEX.set(index, lexicon);
    lexicon.catch(() => LEXICON_OF_INDEX.delete(index));
  }
  return lexicon;
}

/** How the finder read the typed text: the text left to search and the chips. */
export interface TypedTextInterpretation {
  text: string;
  chips: QueryChip[];
}

/**
 * The query with the typed text's filter words taken as filters (query-words.ts), and what was
 * taken; the query unchanged when the text has none.
 */
export async function interpretTypedText(
  db: Database,
  query: CourseListQuery,
  index?: CourseIndex,
): Promise<{ query: CourseListQuery; interpretation?: TypedTextInterpretation }> {
  if (!query.name) return { query };
  const understood = understandQuery(query, await queryWordLexicon(db, index));
  if (understood.text === query.name) return { query };
  return {
    query: understood.query,
    interpretation: { text: understood.text, chips: understood.chips },
  };
}
