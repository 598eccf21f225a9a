DROP INDEX "courses_search_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "courses_search_name_idx" ON "courses" USING btree ("search_name");--> statement-breakpoint
-- The distinct programme names (hand-written), for typo matching and name suggestions: trigram
-- search over a few thousand names instead of every programme, and a trigram index that builds in
-- a second instead of ~14 s after a million-programme load. Refreshed with search_words after
-- catalogue writes (packages/core/src/catalogue/search-words.ts); docs/decisions/005-forgiving-search.md.
CREATE MATERIALIZED VIEW "programme_names" AS
  SELECT c.search_name, min(c.name) AS name, count(*)::int AS courses
  FROM courses c
  WHERE c.published
  GROUP BY c.search_name;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_names_search_name_idx" ON "programme_names" ("search_name");--> statement-breakpoint
CREATE INDEX "programme_names_trgm_idx" ON "programme_names" USING gin ("search_name" gin_trgm_ops);
