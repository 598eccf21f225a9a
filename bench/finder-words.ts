// The free text the finder benchmarks type (bench/finder.ts over HTTP, bench/finder-inprocess.ts in
// process): words of the catalogue, some misspelled as visitors misspell them.
import type { Random } from "@studyatlas/db/seed/random.ts";

export const WORDS = [
  "data",
  "science",
  "business",
  "management",
  "law",
  "nursing",
  "psychology",
  "engineering",
  "marketing",
  "finance",
  "health",
  "education",
  "design",
  "computer",
  "media",
  "international",
  "public",
  "policy",
  "economics",
  "accounting",
  "software",
  "artificial",
  "intelligence",
  "architecture",
  "biology",
  "chemistry",
  "history",
  "music",
  "tourism",
  "sustainability",
];

/** A typo as visitors make them: a letter dropped, doubled or swapped with the next. */
export function misspell(word: string, r: Random): string {
  const at = 1 + r.int(0, Math.max(1, word.length - 2) - 1);
  switch (r.int(0, 2)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + (word[at] ?? "") + word.slice(at);
    default:
      return word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
  }
}
