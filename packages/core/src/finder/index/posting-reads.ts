// Reading the programmes that hold a lexeme from PostgreSQL, once per index and lexeme (ADR 024):
// one indexed query, `@@` on the GIN index with that lexeme alone, and for the relevance order
// its positions there too (ADR 029). Concurrent callers share one read; what is read is kept by
// the index (postings.ts) until the catalogue changes. The commonest words are read ahead,
// behind the scenes, when an index or a vocabulary is installed (ADR 030).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectPrepared } from "../../sql-rows.ts";
import type { CourseIndex } from "./course-index.ts";
import { positionsBytes } from "./posting-positions.ts";
import type { LexemePosting } from "./postings.ts";
import { lexemesOfQuery, type QueryNode } from "./tsquery.ts";

/** A lexeme as a tsquery of that lexeme alone (PostgreSQL's quoting). */
function singleLexemeQuery(lexeme: string): string {
  return `'${lexeme.replace(/'/g, "''")}'`;
}

const pending = new WeakMap<CourseIndex, Map<string, Promise<LexemePosting>>>();

/**
 * The programmes holding a lexeme (every published one, as the mode probe counts them) with each
 * one's search_vector reduced to that lexeme (its positions and weights: relevance.ts), as text,
 * in the order of the ids (one group: the aggregates see the rows in one order). ts_delete of the
 * other lexemes measured cheaper than unnest and a filter (ADR 029).
 */
async function selectPositions(
  db: Database,
  lexeme: string,
): Promise<{ ids: number[]; occurrences: string }> {
  const [row] = await selectPrepared<{ ids: number[] | null; occurrences: string | null }>(
    db,
    sql`select array_agg(c.id) as ids,
          string_agg(ts_delete(c.search_vector,
            array_remove(tsvector_to_array(c.search_vector), ${lexeme}::text))::text, ' ')
            as occurrences
        from courses c
        where c.search_vector @@ ${singleLexemeQuery(lexeme)}::tsquery and c.published`,
  );
  return { ids: row?.ids ?? [], occurrences: row?.occurrences ?? "" };
}

/** Per index: each lexeme's positions being read (one statement per lexeme, shared). */
const positionLoads = new WeakMap<CourseIndex, Map<string, Promise<void>>>();

/**
 * One read per index and lexeme at a time: a second caller gets the promise of the read under
 * way; the entry goes when the read settles.
 */
function sharedRead<T>(
  reads: WeakMap<CourseIndex, Map<string, Promise<T>>>,
  index: CourseIndex,
  lexeme: string,
  read: () => Promise<T>,
): Promise<T> {
  let underWay = reads.get(index);
  if (!underWay) {
    underWay = new Map();
    reads.set(index, underWay);
  }
  const shared = underWay.get(lexeme);
  if (shared) return shared;
  const started = read().finally(() => underWay.delete(lexeme));
  underWay.set(lexeme, started);
  return started;
}

/**
 * Reads a kept lexeme's positions when a relevance request first needs them (`matchText`): they
 * cost PostgreSQL several times the set (ADR 029), and the other orders and the counts need the
 * set only (`selectPositions`). A failure leaves the positions absent: SQL ranks that lexeme's
 * requests.
 */
export function readPositions(
  db: Database,
  index: CourseIndex,
  lexeme: string,
  posting: LexemePosting,
): Promise<void> {
  if (posting.positions || index.posting(lexeme) !== posting) return Promise.resolve();
  return sharedRead(positionLoads, index, lexeme, () =>
    selectPositions(db, lexeme)
      .then(({ ids, occurrences }) => index.attachPositions(lexeme, posting, ids, occurrences))
      .catch(() => {
        // The database went away or the statement failed: SQL keeps ranking this lexeme.
      }),
  );
}

/**
 * Reads the positions of every lexeme the index keeps without them, and resolves once all are
 * read (tests: what a relevance request of each would have read).
 */
export async function positionsSettled(db: Database, index: CourseIndex): Promise<void> {
  await Promise.all(
    index.keptLexemes().map(([lexeme, posting]) => readPositions(db, index, lexeme, posting)),
  );
}

/**
 * The programmes holding a lexeme: kept by the index, else asked of PostgreSQL once; with
 * `withPositions` (a relevance request), its positions in the same statement, which reads the
 * same rows: half the work of the set and then the positions (`readPositions`) for a word whose
 * set is not kept yet.
 */
async function postingOf(
  db: Database,
  index: CourseIndex,
  lexeme: string,
  withPositions = false,
): Promise<LexemePosting> {
  const kept = index.posting(lexeme);
  if (kept) return kept;
  // Every published programme, as the mode probe counts them; the index splits them.
  return sharedRead(pending, index, lexeme, () =>
    withPositions
      ? selectPositions(db, lexeme).then(({ ids, occurrences }) => {
          const posting = index.keepPosting(lexeme, ids);
          index.attachPositions(lexeme, posting, ids, occurrences);
          return posting;
        })
      : selectPrepared<{ ids: number[] | null }>(
          db,
          sql`select array_agg(c.id) as ids from courses c
              where c.search_vector @@ ${singleLexemeQuery(lexeme)}::tsquery and c.published`,
        ).then(([row]) => index.keepPosting(lexeme, row?.ids ?? [])),
  );
}

/**
 * Reads ahead, behind the scenes, what the first searches of the vocabulary's commonest lexemes
 * would read: their sets, one statement at a time, until `budget.sets` bytes of postings are
 * kept; then the positions of the commonest of them (what a relevance request waits for: several
 * times a set's cost to PostgreSQL), until `budget.positions` bytes of positions are read. Stops
 * when `current()` says the index or its vocabulary was replaced, and quietly on a database
 * error. Resolves with the numbers of sets and positions read.
 */
export async function readCommonPostings(
  db: Database,
  index: CourseIndex,
  budget: { sets: number; positions: number },
  current: () => boolean,
): Promise<{ sets: number; positions: number }> {
  const read = { sets: 0, positions: 0 };
  const common = index.vocabulary?.commonLexemes() ?? [];
  for (const lexeme of common) {
    if (!current() || index.postingsHeld.bytes >= budget.sets) break;
    if (index.posting(lexeme)) continue;
    try {
      await postingOf(db, index, lexeme);
    } catch {
      return read;
    }
    read.sets += 1;
  }
  let positionsBytesRead = 0;
  for (const lexeme of common) {
    if (!current() || positionsBytesRead >= budget.positions) break;
    const posting = index.posting(lexeme);
    if (!posting) break; // past the sets read ahead (or dropped since)
    if (posting.positions) continue;
    await readPositions(db, index, lexeme, posting);
    // Absent after the read: the database failed (readPositions keeps SQL ranking it).
    if (!posting.positions) break;
    positionsBytesRead += positionsBytes(posting.positions);
    read.positions += 1;
  }
  return read;
}

/** Each lexeme of the query with its programmes (kept, or asked of PostgreSQL together). */
export async function postingsOf(
  db: Database,
  index: CourseIndex,
  query: QueryNode,
  withPositions = false,
): Promise<Map<string, LexemePosting>> {
  const lexemes = [...lexemesOfQuery(query)];
  const postings = await Promise.all(
    lexemes.map((lexeme) => postingOf(db, index, lexeme, withPositions)),
  );
  return new Map(lexemes.map((lexeme, i) => [lexeme, postings[i] as LexemePosting]));
}
