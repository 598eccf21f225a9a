// The judged query set: what students type, with graded relevance written as rules over the demo
// catalogue's generator (packages/db/src/seed: disciplines.ts's topics and skills, course-names.ts's
// name forms, local-names.ts's local-language names, reference.ts's levels and degree types,
// country-data.ts's countries). Written from the generator before any search was run, and not
// tuned after seeing results (README.md in this folder explains the grades).
import type { JudgedQuery } from "./judgments.ts";
import { PHRASE_QUERIES } from "./queries-phrases.ts";
import { WORD_QUERIES } from "./queries-words.ts";

/** Every judged query: single words first, then queries of several words. */
export const JUDGED_QUERIES: readonly JudgedQuery[] = [...WORD_QUERIES, ...PHRASE_QUERIES];
