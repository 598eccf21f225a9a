// The distinct programme names (`search_name`) of the index's documents. Documents follow the name
// order, so each name is a range of documents: the similar-name match (ADR 005) is those ranges by
// similarity, and word_similarity is computed once per name and request, from each name's trigram
// sequence numbered when the index is built (word-similarity.ts, ADR 032).
import { type Bitset, add, emptySet } from "./bitset.ts";
import type { TextSet } from "./text-set.ts";
import { trigramTable, type TrigramTable } from "./word-similarity.ts";

export class IndexNames {
  /** Each distinct `search_name`'s documents [from, to): names follow the document order. */
  private readonly ranges: Map<string, { from: number; to: number }> | undefined;
  /** Each document's name (`search_name`) as a position in `names`: documents follow names. */
  readonly nameOfDoc: Int32Array | undefined;
  private readonly names: readonly string[];
  /** Each name's pg_trgm trigram sequence, numbered (word-similarity.ts). */
  readonly trigrams: TrigramTable;
  /** A relevance request's word similarity of each name, valid where `similarityStamps` has its stamp. */
  readonly similarities: Float32Array;
  readonly similarityStamps: Uint32Array;
  /** The stamp of the latest relevance request (relevance.ts relevanceScorer). */
  similarityStamp = 0;
  private readonly size: number;

  /**
   * `names`: every distinct `search_name` of the public programmes with its number of programmes,
   * in the documents' order; without it (or when it does not add up), similar names go to SQL.
   */
  constructor(size: number, names?: readonly { name: string; count: number }[]) {
    this.size = size;
    let ranges: Map<string, { from: number; to: number }> | undefined;
    if (names) {
      ranges = new Map();
      let from = 0;
      for (const { name, count } of names) {
        ranges.set(name, { from, to: from + count });
        from += count;
      }
      // Read in another statement than the programmes: a change in between leaves it unusable.
      if (from !== size || ranges.size !== names.length) ranges = undefined;
    }
    this.ranges = ranges;
    if (ranges && names) {
      this.names = names.map((row) => row.name);
      this.nameOfDoc = new Int32Array(size);
      let from = 0;
      names.forEach(({ count }, position) => {
        this.nameOfDoc?.fill(position, from, from + count);
        from += count;
      });
    } else {
      this.names = [];
      this.nameOfDoc = undefined;
    }
    this.trigrams = trigramTable(this.names);
    this.similarities = new Float32Array(this.names.length);
    this.similarityStamps = new Uint32Array(this.names.length);
  }

  /** The distinct name at a position of `nameOfDoc`. */
  nameAt(position: number): string | undefined {
    return this.names[position];
  }

  /**
   * The documents of the given names (`search_name`) with their similarity: the set, and its
   * ranges in relevance order (similarity, then name). Undefined when names are not indexed.
   */
  nameMatches(names: readonly { name: string; score: number }[]): TextSet | undefined {
    if (!this.ranges) return undefined;
    const docs: Bitset = emptySet(this.size);
    const ranked: Array<{ from: number; to: number; score: number }> = [];
    for (const { name, score } of names) {
      const range = this.ranges.get(name);
      if (!range) continue;
      ranked.push({ ...range, score });
      for (let doc = range.from; doc < range.to; doc += 1) add(docs, doc);
    }
    ranked.sort((a, b) => b.score - a.score || a.from - b.from);
    return { docs, ranked };
  }
}
