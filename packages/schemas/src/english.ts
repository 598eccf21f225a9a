// Small rules of written English that generated and composed texts need: "a" or
// "an", countries that take "the", a sentence that ends in one full stop, a cut before '…'.
// Shared by the demo generator and the site, so that both write the same way.

/** Letters whose spoken name starts with a vowel sound (for abbreviations: "an MBA", "an LLM"). */
const VOWEL_SOUND_LETTERS = new Set("AEFHILMNORSX");

/** Words spelt with a vowel that start with a consonant sound, and the reverse. */
const CONSONANT_SOUND_START = /^(?:uni|use|usu|ure|uro|eu|ewe|one|once|ubiq|utop|uk\b)/i;
const VOWEL_SOUND_START = /^(?:hour|honest|honou?r|heir)/i;

/** Whether a number is read with a vowel sound first: 8, 11, 18, 80-89, 800..., 11,000... */
function numberStartsWithVowelSound(digits: string): boolean {
  if (digits.startsWith("8")) return true;
  // 11 and 18 ("eleven", "eighteen"), and the thousands and millions read the same way.
  const groupLength = digits.length % 3 === 0 ? 3 : digits.length % 3;
  const lead = digits.slice(0, groupLength);
  return lead === "11" || lead === "18";
}

/** "a" or "an" for the word (or number) that follows it. */
export function indefiniteArticle(next: string): "a" | "an" {
  const word = next.trim().replace(/^[("'‘“]+/, "");
  const digits = /^\d[\d,]*/.exec(word)?.[0];
  if (digits !== undefined)
    return numberStartsWithVowelSound(digits.replace(/,/g, "")) ? "an" : "a";
  const first = /^[A-Za-zÀ-ÿ]+/.exec(word)?.[0] ?? "";
  if (first === "") return "a";
  // An abbreviation is read letter by letter: "an MSc", "a BA", "an LLM".
  const isAbbreviation = first.length > 1 && /^[A-Z]{2}/.test(first);
  if (isAbbreviation || (first.length === 1 && /[A-Z]/.test(first))) {
    return VOWEL_SOUND_LETTERS.has(first[0] as string) ? "an" : "a";
  }
  if (VOWEL_SOUND_START.test(first)) return "an";
  if (CONSONANT_SOUND_START.test(first)) return "a";
  return /^[aeiouàâäéèêëîïôöûü]/i.test(first) ? "an" : "a";
}

/** "an Advanced Diploma", "a BA in History". */
export function withIndefiniteArticle(phrase: string): string {
  return `${indefiniteArticle(phrase)} ${phrase}`;
}

/** Countries whose English name takes "the" in a sentence: "in the United Kingdom". */
const COUNTRIES_WITH_THE = new Set([
  "Bahamas",
  "Comoros",
  "Gambia",
  "Ivory Coast",
  "Maldives",
  "Netherlands",
  "Philippines",
  "Seychelles",
]);

/** The country's name as it reads inside a sentence: "the United Kingdom", "France". */
export function countryInSentence(name: string): string {
  const takesThe =
    COUNTRIES_WITH_THE.has(name) ||
    /^(?:Republic|Democratic Republic|Federated States)\b/.test(name) ||
    /\b(?:Republic|Kingdom|States|Emirates|Islands)$/.test(name);
  return takesThe ? `the ${name}` : name;
}

/** The sentence with one full stop at its end ("Washington, D.C." takes no second one). */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A cut text with its ellipsis: the spaces and punctuation the cut left at its end go first, so it
 * reads "School…" rather than "School.…" or "School,…".
 */
export function withEllipsis(cut: string): string {
  return `${cut.replace(/[\s.,;:!?\-–—(/&]+$/u, "")}…`;
}
