-- pg_trgm's match operators compute a trigram similarity for every row they filter, yet carry the
-- planner's default cost of a cheap operator (1). The planner then preferred a sequential scan of
-- programme_names for a two-word misspelt query ('deisgn intelligence': 54 ms at rest, up to
-- 270 ms under load, at 100,000 programmes) over the trigram index (1.5 ms). A truer cost makes the
-- index the plan (bench/RESULTS.md, 2026-11-25, later session). Idempotent.
ALTER FUNCTION public.similarity_op(text, text) COST 100;
--> statement-breakpoint
ALTER FUNCTION public.word_similarity_op(text, text) COST 100;
--> statement-breakpoint
ALTER FUNCTION public.word_similarity_commutator_op(text, text) COST 100;
