// When a typed word is corrected (ADR 005), shared by the SQL correction (search-words.ts) and the
// vocabulary held in process (search-vocabulary.ts, ADR 025), which must answer alike.

/** Words shorter than this are kept as typed: 'mba', 'law' and 'art' have too few trigrams. */
export const MIN_CORRECTABLE_LENGTH = 4;
/** Below this trigram similarity a vocabulary word is not considered the intended one. */
export const MIN_SIMILARITY = 0.35;
