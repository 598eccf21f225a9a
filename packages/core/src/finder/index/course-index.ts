// The finder's in-process index (ADR 011): every public programme as a document number, with the
// filter values as columns and sets (columns.ts), so that the list, the total and every facet
// count (each facet with its own filter removed: facet-counts.ts) are answered without a query
// plan whose cost grows with the catalogue. Document numbers follow the name order, so the
// default order is the documents' own; the other orders are permutations (orders.ts).
// PostgreSQL stays the only store of record: the index is built from it (load.ts) and rebuilt
// when the catalogue changes.
//
// Free text (text-match.ts, ADR 024): PostgreSQL turns the typed text into a tsquery (corrected
// words), and the index evaluates it over per-lexeme sets it keeps (postings.ts, each asked of
// PostgreSQL once), then combines that set with the filters, counts and orders it. The relevance
// order of full-text matches is computed here as PostgreSQL computes it (relevance.ts, ADR 029:
// ts_rank + word_similarity, bit for bit, from the lexemes' positions kept with their sets);
// where that cannot be exact, PostgreSQL ranks the matching ids (course-list.ts). Without a text
// set, a request with free text is not answered here.
import type { CourseFacets } from "@studyatlas/schemas/finder.ts";

import type { CourseFilters, CourseListRequest } from "../course-request.ts";
import type { SearchVocabulary } from "../search-vocabulary.ts";
import { type Bitset, andInto, count, forEachDoc, orInto } from "./bitset.ts";
import type { CardReferences } from "./card-references.ts";
import { IndexColumns, type IndexedCourse, type IndexExtras } from "./columns.ts";
import { IndexFacets, type FacetOptions } from "./facet-counts.ts";
import { filterSets } from "./filter-sets.ts";
import { IndexNames } from "./names.ts";
import { IndexOrders, pageTaker } from "./orders.ts";
import { IndexPostings, type LexemePosting } from "./postings.ts";
import {
  documentOperands,
  namedDocs,
  rankFullText,
  relevanceScore,
  relevanceScorer,
} from "./relevance.ts";
import type { FullTextMatch, TextSet } from "./text-set.ts";
import { tsRank } from "./ts-rank.ts";
import type { QueryNode } from "./tsquery.ts";

/** A list answer: the page's ids, or (full-text relevance) every match for PostgreSQL to rank. */
export type IndexListAnswer =
  { count: number; ids: number[] } | { count: number; rankInSql: Int32Array };

/** The parts of an index, built one after the other (CourseIndex.build). */
interface IndexParts {
  names: IndexNames;
  columns: IndexColumns;
  postings: IndexPostings;
  facetCounts: IndexFacets;
  orders: IndexOrders;
}

export class CourseIndex {
  readonly size: number;
  /**
   * What the programme cards nest (schools, currencies, types, languages, disciplines), read with
   * the index and as current as it (card-references.ts, ADR 026); absent, the cards come from SQL
   * whole.
   */
  readonly cardReferences: CardReferences | undefined;
  /**
   * The search vocabulary for misspelling correction (search-vocabulary.ts, ADR 025), read with
   * the index and replaced by the holder when the vocabulary alone is refreshed; absent, SQL
   * corrects.
   */
  vocabulary: SearchVocabulary | undefined;
  private readonly columns: IndexColumns;
  private readonly orders: IndexOrders;
  private readonly facetCounts: IndexFacets;
  private readonly postings: IndexPostings;
  private readonly names: IndexNames;
  private readonly disciplineBySlug: Map<string, number>;
  private readonly disciplineIds: Set<number>;
  private readonly countryBySlug: Map<string, number>;
  private readonly usdRates: ReadonlyMap<string, number> | undefined;

  private constructor(
    size: number,
    parts: IndexParts,
    options: FacetOptions,
    cardReferences: CardReferences | undefined,
    usdRates: ReadonlyMap<string, number> | undefined,
  ) {
    this.cardReferences = cardReferences;
    this.usdRates = usdRates;
    this.disciplineBySlug = new Map(options.disciplines.map((d) => [d.slug, d.id]));
    this.disciplineIds = new Set(options.disciplines.map((d) => d.id));
    this.countryBySlug = new Map(options.countries.map((c) => [c.slug, c.id]));
    this.size = size;
    this.names = parts.names;
    this.columns = parts.columns;
    this.postings = parts.postings;
    this.facetCounts = parts.facetCounts;
    this.orders = parts.orders;
  }

  /**
   * Builds the index part by part, calling `pause` between two parts (and between the steps of the
   * largest), so that a caller can let requests in while a large index is built (load.ts).
   * `names`: every distinct `search_name` of the public programmes with its number of programmes,
   * in the documents' order; without it (or when it does not add up), similar names go to SQL.
   */
  static async build(
    courses: readonly IndexedCourse[],
    extras: IndexExtras,
    options: FacetOptions,
    names?: readonly { name: string; count: number }[],
    cardReferences?: CardReferences,
    pause: () => Promise<void> = () => Promise.resolve(),
  ): Promise<CourseIndex> {
    const indexNames = new IndexNames(courses.length, names);
    await pause();
    const columns = await IndexColumns.build(courses, extras.links, pause, extras.requirements);
    const postings = new IndexPostings(columns, extras.hiddenPublished);
    await pause();
    const facetCounts = new IndexFacets(columns, courses, extras.links, options);
    await pause();
    const orders = new IndexOrders(columns, courses, extras);
    await pause();
    return new CourseIndex(
      courses.length,
      { names: indexNames, columns, postings, facetCounts, orders },
      options,
      cardReferences,
      extras.usdRates,
    );
  }

  /**
   * A currency's units per US dollar as the index's totals were read; undefined when the index
   * was built without the rates or does not know the code (the caller asks SQL then).
   */
  usdRateOf(code: string): number | undefined {
    return this.usdRates?.get(code);
  }

  /** A discipline's id by its slug (the facets' list), as `findDisciplineId` finds it. */
  disciplineIdOfSlug(slug: string): number | undefined {
    return this.disciplineBySlug.get(slug);
  }

  hasDiscipline(id: number): boolean {
    return this.disciplineIds.has(id);
  }

  /**
   * How many public programmes the country's schools offer: `courses_count` of the country page
   * (search.ts countCountryCourses), without PostgreSQL counting them again for every view.
   */
  courseCountOfCountry(countryId: number): number {
    const set = this.columns.byCountry.get(countryId);
    return set ? count(set) : 0;
  }

  /** `courseCountOfCountry` of every country with a public programme (the countries list). */
  courseCountsByCountry(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const [countryId, set] of this.columns.byCountry) counts.set(countryId, count(set));
    return counts;
  }

  /** Countries' ids by slug (each once), and the slugs no country has, as `resolveCountrySlugs`. */
  countryIdsOfSlugs(slugs: readonly string[]): { ids: number[]; unknown: string[] } {
    const ids = new Set<number>();
    const unknown: string[] = [];
    for (const slug of slugs) {
      const id = this.countryBySlug.get(slug);
      if (id === undefined) unknown.push(slug);
      else ids.add(id);
    }
    return { ids: [...ids], unknown };
  }

  /** The programmes holding a lexeme, if kept (posting-reads.ts asks PostgreSQL otherwise). */
  posting(lexeme: string): LexemePosting | undefined {
    return this.postings.posting(lexeme);
  }

  /** Keeps the published programmes (ids) holding a lexeme, within the budget (postings.ts). */
  keepPosting(lexeme: string, ids: readonly number[], occurrences?: string): LexemePosting {
    return this.postings.keepPosting(lexeme, ids, occurrences);
  }

  /** Adds a kept lexeme's positions, read after its set (postings.ts). */
  attachPositions(
    lexeme: string,
    posting: LexemePosting,
    ids: readonly number[],
    occurrences: string,
  ): void {
    this.postings.attachPositions(lexeme, posting, ids, occurrences);
  }

  /** The kept lexemes with their postings (tests). */
  keptLexemes(): Array<[string, LexemePosting]> {
    return this.postings.kept();
  }

  /** How many lexemes are kept and the bytes they take (tests, the bench). */
  get postingsHeld(): { lexemes: number; bytes: number } {
    return this.postings.held;
  }

  /** The documents a parsed tsquery matches, from its lexemes' programmes. */
  evaluateText(query: QueryNode, postings: ReadonlyMap<string, LexemePosting>): Bitset {
    return this.postings.evaluateText(query, postings);
  }

  /**
   * The documents of `matching` that meet every name reading (ADR 060): matched by the reading's
   * query, or named by its pattern (as SQL's `search_name ~`). Undefined without the documents'
   * names (SQL answers then).
   */
  withNameReadings(
    matching: Bitset,
    readings: readonly { query?: QueryNode; pattern: RegExp }[],
    postings: ReadonlyMap<string, LexemePosting>,
  ): Bitset | undefined {
    if (!this.names.nameOfDoc) return undefined;
    const docs = Uint32Array.from(matching);
    for (const reading of readings) {
      const allowed = namedDocs(this.names, docs, [reading.pattern]);
      if (reading.query) orInto(allowed, andInto(this.evaluateText(reading.query, postings), docs));
      andInto(docs, allowed);
    }
    return docs;
  }

  /** Whether a parsed tsquery matches any published programme, as the SQL mode probe asks it. */
  matchesAnyPublished(
    query: QueryNode,
    postings: ReadonlyMap<string, LexemePosting>,
  ): boolean | undefined {
    return this.postings.matchesAnyPublished(query, postings);
  }

  /** The documents of the given names with their similarity (names.ts). */
  nameMatches(names: readonly { name: string; score: number }[]): TextSet | undefined {
    return this.names.nameMatches(names);
  }

  /**
   * A programme's ts_rank and word_similarity as computed for the relevance order (the oracle
   * tests compare them with PostgreSQL's), or undefined when the order would be left to SQL.
   */
  relevanceOf(
    fullText: FullTextMatch,
    id: number,
  ): { rank: number; similarity: number; score: number } | undefined {
    const doc = this.columns.docOf(id);
    const scorer = doc >= 0 ? relevanceScorer(this.names, fullText) : undefined;
    if (!scorer) return undefined;
    const similarity = scorer.similarityOf(doc);
    if (similarity === undefined) return undefined;
    const rank = tsRank(scorer.and, documentOperands(scorer.operands, doc));
    return { rank, similarity, score: relevanceScore(rank, similarity) };
  }

  /** Whether the index can answer: free text needs the programmes that match it. */
  canAnswer(filters: CourseFilters, text?: TextSet): boolean {
    return filters.text === undefined || text !== undefined;
  }

  /** The matching documents, or undefined when the index cannot answer. */
  matches(filters: CourseFilters, text?: TextSet): Bitset | undefined {
    if (!this.canAnswer(filters, text)) return undefined;
    const { fixed, groups } = filterSets(this.columns, this.orders, filters, text);
    for (const set of groups.values()) andInto(fixed, set);
    return fixed;
  }

  /** One page of programme ids in the request's order, and the total. */
  list(request: CourseListRequest, text?: TextSet): IndexListAnswer | undefined {
    const matching = this.matches(request.filters, text);
    if (!matching) return undefined;
    const total = count(matching);
    const skip = (request.page - 1) * request.pageSize;
    const ids: number[] = [];
    if (skip >= total) return { count: total, ids };
    if (request.ordering === "relevance" && request.filters.text !== undefined) {
      return this.relevancePage(matching, total, skip, request.pageSize, text);
    }
    this.orders.page(matching, total, request, skip, ids);
    return { count: total, ids };
  }

  /** The total and every facet's counts, each facet with its own filter removed. */
  facets(filters: CourseFilters, text?: TextSet): CourseFacets | undefined {
    if (!this.canAnswer(filters, text)) return undefined;
    const sets = filterSets(this.columns, this.orders, filters, text);
    const counted = this.facetCounts.count(sets);
    if (filters.budget) {
      // The bands with every filter but the budget's own (ADR 051).
      const base = Uint32Array.from(sets.fixed);
      for (const [group, set] of sets.groups) if (group !== "budget") andInto(base, set);
      counted.facets.budget = {
        currency: filters.budget.currency,
        bands: filters.budget.bands.map((band) => ({
          max: band.max,
          count: this.orders.totals.countIn(base, band.maxUsd),
        })),
      };
    }
    return counted;
  }

  /** A page of free-text matches in relevance order, or every match for PostgreSQL to rank. */
  private relevancePage(
    matching: Bitset,
    total: number,
    skip: number,
    pageSize: number,
    text: TextSet | undefined,
  ): IndexListAnswer {
    const docIds = this.columns.ids;
    const ids: number[] = [];
    // Similar names: best match first, ties in name order (the documents' own), as SQL has it.
    if (text?.ranked) {
      const take = pageTaker(matching, docIds, skip, pageSize, ids);
      for (const { from, to } of text.ranked) {
        let done = false;
        for (let doc = from; doc < to && !done; doc += 1) done = take(doc);
        if (done) break;
      }
      return { count: total, ids };
    }
    // Full text: ranked here as PostgreSQL ranks them (relevance.ts) when that can be exact.
    if (text?.fullText) {
      const ranked = rankFullText(
        this.names,
        matching,
        text.fullText,
        Math.min(skip + pageSize, total),
      );
      if (ranked) {
        for (const doc of ranked.slice(skip)) ids.push(docIds[doc] as number);
        return { count: total, ids };
      }
    }
    // Else PostgreSQL ranks the matches, and only them (course-list.ts).
    const rankInSql = new Int32Array(total);
    let n = 0;
    forEachDoc(matching, (doc) => {
      rankInSql[n] = docIds[doc] as number;
      n += 1;
    });
    return { count: total, rankInSql };
  }
}
