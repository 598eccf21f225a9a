-- The vocabulary of programme, school and discipline names, for correcting misspelled search
-- words ('compter' -> 'computer') before full-text search. Refreshed after catalogue writes
-- (packages/core/src/catalogue/search-words.ts); see docs/decisions/005-forgiving-search.md.
CREATE MATERIALIZED VIEW IF NOT EXISTS search_words AS
  SELECT word, count(*)::int AS frequency
  FROM courses c,
    LATERAL regexp_split_to_table(
      lower(public.f_unaccent(c.name || ' ' || c.school_name || ' ' || c.discipline_names)),
      '[^a-z0-9]+'
    ) AS word
  WHERE c.published AND length(word) >= 3
  GROUP BY word;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS search_words_word_idx ON search_words (word);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);
