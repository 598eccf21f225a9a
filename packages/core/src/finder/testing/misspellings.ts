// Misspellings as people make them, for the tests of the forgiving search (ADR 005).
import type { createRandom } from "@studyatlas/db/seed/random.ts";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** A word misspelt as people do: a letter dropped, doubled, swapped with the next, or replaced. */
export function misspell(word: string, kind: number, r: ReturnType<typeof createRandom>): string {
  const at = r.int(0, Math.max(0, word.length - 2));
  switch (kind % 4) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + (word[at] ?? "") + word.slice(at);
    case 2:
      return word.slice(0, at) + (word[at + 1] ?? "") + (word[at] ?? "") + word.slice(at + 2);
    default:
      return word.slice(0, at) + r.pick([...LETTERS]) + word.slice(at + 1);
  }
}
