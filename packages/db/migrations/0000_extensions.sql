-- Extensions and helper functions the catalogue's search columns need (drizzle-kit emits no
-- CREATE EXTENSION). pg_trgm: typo-tolerant and prefix matching; unaccent: accent-insensitive search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE; generated columns and index expressions need an IMMUTABLE function.
-- Naming the dictionary explicitly makes the result independent of search_path, so IMMUTABLE holds.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
