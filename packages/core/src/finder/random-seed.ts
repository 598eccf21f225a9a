// The seed of a random order (docs/decisions/005-forgiving-search.md, ADR 009): any whole number
// the `seed` query parameter accepts, drawn here and nowhere else.
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

export function randomSeed(): number {
  return Math.floor(Math.random() * MAX_INT4);
}

/** A seed read back from a cookie or a link, or undefined when it is not one we could have drawn. */
export function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return undefined;
  const seed = Number(text);
  return seed <= MAX_INT4 ? seed : undefined;
}
