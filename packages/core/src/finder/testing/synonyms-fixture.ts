// Synonyms for the tests of search understanding (docs/decisions/043-search-understanding.md):
// entries of the kinds the `search_synonyms` table holds, for the abbreviations the finder's
// tests type. The curated list itself is data (the synonyms seed).
import type { SynonymRule } from "../matching/expand.ts";

export const TEST_SYNONYMS: readonly SynonymRule[] = [
  { kind: "two-way", words: ["cs", "computer science", "computing"] },
  { kind: "one-way", input: "comp sci", words: ["computer science", "computing"] },
  { kind: "two-way", words: ["ai", "artificial intelligence"] },
  { kind: "two-way", words: ["ml", "machine learning"] },
  { kind: "two-way", words: ["mba", "master of business administration"] },
  { kind: "two-way", words: ["bba", "bachelor of business administration"] },
  { kind: "two-way", words: ["maths", "math", "mathematics"] },
  { kind: "one-way", input: "stats", words: ["statistics"] },
  { kind: "two-way", words: ["hr", "human resources", "human resource management"] },
  { kind: "two-way", words: ["hotel management", "hospitality management"] },
];
