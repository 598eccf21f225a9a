// The programmes holding each lexeme, as the index keeps them (ADR 024): asked of PostgreSQL once
// per lexeme (posting-reads.ts), split into the public documents, the published programmes of
// unpublished schools and whether any is unknown to the index, with the lexeme's positions for
// the relevance order once read (ADR 029). Kept within a budget of bytes, the least recently used
// dropped beyond it; a share of it is filled ahead of the searches (ADR 030).
import { type Bitset, add, count, emptySet, fullSet } from "./bitset.ts";
import type { IndexColumns } from "./columns.ts";
import {
  parsePostingPositions,
  positionsBytes,
  type PostingPositions,
} from "./posting-positions.ts";
import { evaluate, hasNot, type QueryNode } from "./tsquery.ts";

/**
 * The programmes holding one lexeme, as PostgreSQL's `@@` found them among published programmes
 * (posting-reads.ts), split the way the index sees them.
 */
export interface LexemePosting {
  /** The public documents (published programmes of published schools). */
  docs: Bitset;
  /**
   * The published programmes of unpublished schools, as positions in the index's list of them
   * (`hiddenPublished`): not public, but the text-match mode probe counts them (ADR 005).
   */
  hidden: Bitset;
  /**
   * Published programmes the index does not know at all: the catalogue changed after the index
   * was read (its notice is on the way). The index then cannot say that nothing matches.
   */
  unknown: boolean;
  /**
   * The lexeme's positions and weights in each public document's search_vector, for the relevance
   * order (relevance.ts); absent until they are read (after the set, posting-reads.ts) or when
   * PostgreSQL's answer could not be read: SQL ranks then.
   */
  positions?: PostingPositions;
  /** What the posting takes in memory (bytes), for the budget. */
  bytes: number;
}

/**
 * The budget for kept lexeme sets with their positions (bytes, counted as held): 64 MiB, the least
 * recently used dropped beyond it (the one just read is always kept). A set is 12.5 KB at 100,000
 * programmes and 125 KB at a million; positions take 10 bytes per document holding the lexeme
 * and 2 per further occurrence (about 5 MB for a lexeme in half of a million programmes). The
 * process must stay under 1 GiB at a million programmes (ADR 011, ADR 036).
 */
const POSTINGS_BUDGET_BYTES = 64 * 2 ** 20;

/**
 * How much of the budget a process fills ahead of the searches with the vocabulary's commonest
 * lexemes (finder-index.ts, `readCommonPostings`; ADR 030):
 * - their sets: a quarter, 16 MiB, up to 200,000 programmes (every vocabulary word at 100,000),
 *   and proportionally less above (at a million each set read also leaves large transient arrays
 *   that the process's memory limit must absorb);
 * - then the positions of the commonest of them, up to half the budget, 32 MiB, at any size:
 *   every set's at 100,000, the commonest words' at a million, where each costs PostgreSQL the
 *   most and was the slowest first search of all. Both shares, with the lexeme that crosses
 *   each, stay within the budget.
 */
export function readAheadBudget(size: number): { sets: number; positions: number } {
  return {
    sets: Math.floor((POSTINGS_BUDGET_BYTES / 4) * Math.min(1, 200_000 / Math.max(1, size))),
    positions: POSTINGS_BUDGET_BYTES / 2,
  };
}

function mapValues<K, V, W>(map: ReadonlyMap<K, V>, change: (value: V) => W): Map<K, W> {
  const changed = new Map<K, W>();
  for (const [key, value] of map) changed.set(key, change(value));
  return changed;
}

export class IndexPostings {
  private readonly columns: IndexColumns;
  /** Each kept lexeme's programmes, least recently used first. */
  private readonly postings = new Map<string, LexemePosting>();
  /** The bytes the kept postings take. */
  private postingsBytes = 0;
  /** Position of each published programme of an unpublished school in that list, by id. */
  private readonly hiddenPublished: Map<number, number> | undefined;
  private readonly allHidden: Bitset;

  constructor(columns: IndexColumns, hiddenPublished: readonly number[] | undefined) {
    this.columns = columns;
    this.hiddenPublished = hiddenPublished
      ? new Map(hiddenPublished.map((id, position) => [id, position]))
      : undefined;
    this.allHidden = fullSet(this.hiddenPublished?.size ?? 0);
  }

  /** The programmes holding a lexeme, if kept (posting-reads.ts asks PostgreSQL otherwise). */
  posting(lexeme: string): LexemePosting | undefined {
    const posting = this.postings.get(lexeme);
    if (posting) {
      // Most recently used last.
      this.postings.delete(lexeme);
      this.postings.set(lexeme, posting);
    }
    return posting;
  }

  /**
   * Keeps the published programmes (ids) holding a lexeme, within the budget: the public
   * documents, the programmes of unpublished schools, and whether any is unknown to the index.
   */
  keepPosting(lexeme: string, ids: readonly number[], occurrences?: string): LexemePosting {
    const { size, docOfId } = this.columns;
    const docs = emptySet(size);
    const hidden = emptySet(this.hiddenPublished?.size ?? 0);
    let unknown = false;
    for (const id of ids) {
      const doc = id < docOfId.length ? (docOfId[id] as number) : -1;
      if (doc >= 0) {
        add(docs, doc);
        continue;
      }
      const position = this.hiddenPublished?.get(id);
      if (position === undefined) unknown = true;
      else add(hidden, position);
    }
    const positions =
      occurrences === undefined
        ? undefined
        : parsePostingPositions(
            lexeme,
            ids,
            occurrences,
            (id) => (id < docOfId.length ? (docOfId[id] as number) : -1),
            size,
          );
    const bytes = docs.byteLength + hidden.byteLength + positionsBytes(positions);
    const posting: LexemePosting = {
      docs,
      hidden,
      unknown,
      bytes,
      ...(positions ? { positions } : {}),
    };
    this.forgetPosting(lexeme);
    this.postings.set(lexeme, posting);
    this.postingsBytes += bytes;
    this.withinBudget();
    return posting;
  }

  /**
   * Adds a kept lexeme's positions, read after its set (posting-reads.ts): only to the posting
   * still kept for it (a rebuilt index or an evicted lexeme ignores them), counted in the budget.
   */
  attachPositions(
    lexeme: string,
    posting: LexemePosting,
    ids: readonly number[],
    occurrences: string,
  ): void {
    if (this.postings.get(lexeme) !== posting || posting.positions) return;
    const { size, docOfId } = this.columns;
    const positions = parsePostingPositions(
      lexeme,
      ids,
      occurrences,
      (id) => (id < docOfId.length ? (docOfId[id] as number) : -1),
      size,
    );
    if (!positions) return;
    const added = positionsBytes(positions);
    posting.positions = positions;
    posting.bytes += added;
    this.postingsBytes += added;
    this.withinBudget();
  }

  /** Drops the least recently used postings beyond the budget (never the last one kept). */
  private withinBudget(): void {
    while (this.postingsBytes > POSTINGS_BUDGET_BYTES && this.postings.size > 1) {
      this.forgetPosting(this.postings.keys().next().value as string);
    }
  }

  private forgetPosting(lexeme: string): void {
    const kept = this.postings.get(lexeme);
    if (!kept) return;
    this.postings.delete(lexeme);
    this.postingsBytes -= kept.bytes;
  }

  /** The kept lexemes with their postings (tests). */
  kept(): Array<[string, LexemePosting]> {
    return [...this.postings];
  }

  /** How many lexemes are kept and the bytes they take (tests, the bench). */
  get held(): { lexemes: number; bytes: number } {
    return { lexemes: this.postings.size, bytes: this.postingsBytes };
  }

  /** The documents a parsed tsquery matches, from its lexemes' programmes. */
  evaluateText(query: QueryNode, postings: ReadonlyMap<string, LexemePosting>): Bitset {
    return evaluate(
      query,
      mapValues(postings, (posting) => posting.docs),
      this.columns.all,
    );
  }

  /**
   * Whether a parsed tsquery matches any published programme, as the SQL mode probe asks it
   * (course-sql.ts chooseTextMatch: `c.published`, whatever the school): the public documents, then
   * the published programmes of unpublished schools. Undefined when the index cannot tell: it has
   * no list of those, or PostgreSQL named programmes it does not know (changed since it was read),
   * or the query has a `!` (a programme it does not know could match without any of the lexemes).
   */
  matchesAnyPublished(
    query: QueryNode,
    postings: ReadonlyMap<string, LexemePosting>,
  ): boolean | undefined {
    if (count(this.evaluateText(query, postings)) > 0) return true;
    if (!this.hiddenPublished) return undefined;
    if (this.hiddenPublished.size > 0) {
      const hidden = mapValues(postings, (posting) => posting.hidden);
      if (count(evaluate(query, hidden, this.allHidden)) > 0) return true;
    }
    for (const posting of postings.values()) if (posting.unknown) return undefined;
    return hasNot(query) ? undefined : false;
  }
}
