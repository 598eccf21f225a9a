// Word variants the search treats as one (docs/decisions/043-search-understanding.md "Variants"):
// adjective and noun forms of a field that PostgreSQL's English stemmer keeps apart ('finance' is
// 'financ', 'financial' is 'financi'), so that a student who types either finds both. Plurals and
// most other endings are already one lexeme after stemming ('maths' and 'math' are 'math'), and
// accents are removed on both sides (the `english_unaccent` configuration and searchTokens), so
// they need no entry here. Abbreviations and equivalent phrases are synonyms, which are data
// edited in the sales dashboard (the `search_synonyms` table), not this list.
//
// A profession is a form of its field too ('psychologist' finds Psychology): students type what
// they want to become. Plurals need no entry ('psychologists' stems as 'psychologist').
//
// Each group: words as searchTokens produces them (lower case, unaccented, one token each), any
// of which finds the others.
export const VARIANT_GROUPS: readonly (readonly string[])[] = [
  ["finance", "financial"],
  ["medicine", "medical"],
  ["economy", "economics", "economic", "economist"],
  ["politics", "political"],
  ["psychology", "psychological", "psychologist"],
  ["biology", "biological", "biologist"],
  ["chemistry", "chemical"],
  ["philosophy", "philosophical", "philosopher"],
  ["history", "historical", "historian"],
  ["mathematics", "mathematical", "mathematician"],
  ["statistics", "statistical", "statistician"],
  ["technology", "technological"],
  ["education", "educational"],
  ["geography", "geographical"],
  ["sociology", "sociological", "sociologist"],
  ["architecture", "architectural"],
  ["agriculture", "agricultural"],
  ["environment", "environmental"],
  ["pharmacy", "pharmaceutical"],
];

/**
 * A profession's field (each a pair within VARIANT_GROUPS). A student who types the profession
 * ("how to become a psychologist") wants the field's programmes: the text names are compared with
 * (word_similarity) is the field, so "Psychology" names lead rather than "Psychological First Aid"
 * (ADR 059).
 */
export const PROFESSION_FIELDS: ReadonlyMap<string, string> = new Map([
  ["psychologist", "psychology"],
  ["economist", "economics"],
  ["biologist", "biology"],
  ["philosopher", "philosophy"],
  ["historian", "history"],
  ["mathematician", "mathematics"],
  ["statistician", "statistics"],
  ["sociologist", "sociology"],
]);

/** Each word's other forms (not itself), from VARIANT_GROUPS. */
export function variantTable(
  groups: readonly (readonly string[])[] = VARIANT_GROUPS,
): ReadonlyMap<string, readonly string[]> {
  const table = new Map<string, string[]>();
  for (const group of groups) {
    for (const word of group) {
      const others = table.get(word) ?? [];
      for (const other of group) if (other !== word && !others.includes(other)) others.push(other);
      table.set(word, others);
    }
  }
  return table;
}

export const VARIANTS = variantTable();
