CREATE TABLE "course_details" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"overview" text DEFAULT '' NOT NULL,
	"why_chose" text DEFAULT '' NOT NULL,
	"who_for" text DEFAULT '' NOT NULL,
	"admission_requirements" text DEFAULT '' NOT NULL,
	"other_requirements" text DEFAULT '' NOT NULL,
	"programme_structure" text DEFAULT '' NOT NULL,
	"syllabus" text DEFAULT '' NOT NULL,
	"tuition_and_aid" text DEFAULT '' NOT NULL,
	"scholarship" text DEFAULT '' NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"official_programme_website" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_details" ADD CONSTRAINT "course_details_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Move the existing sections before the columns go (hand-written).
INSERT INTO "course_details" ("course_id", "overview", "why_chose", "who_for", "admission_requirements", "other_requirements", "programme_structure", "syllabus", "tuition_and_aid", "scholarship", "video", "official_programme_website")
SELECT "id", "overview", "why_chose", "who_for", "admission_requirements", "other_requirements", "programme_structure", "syllabus", "tuition_and_aid", "scholarship", "video", "official_programme_website" FROM "courses";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "overview";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "why_chose";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "who_for";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "admission_requirements";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "other_requirements";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "programme_structure";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "syllabus";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "tuition_and_aid";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "scholarship";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "video";--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "official_programme_website";--> statement-breakpoint
-- Change notices (hand-written): every statement that changes the catalogue tells listening app
-- processes to drop their cached catalogue answers (docs/decisions/006-finder-speed.md).
CREATE FUNCTION "public"."notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "countries_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "countries" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "currencies_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currencies" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "disciplines_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "disciplines" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "programme_types_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programme_types" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "degree_types_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "degree_types" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "languages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "languages" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "schools_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "schools" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "courses_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "course_details_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_details" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "course_disciplines_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_disciplines" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();
--> statement-breakpoint
-- The search vocabulary, counted per distinct text instead of per programme (hand-written): the
-- same words and frequencies as 0003's definition, but splitting and unaccenting a few thousand
-- distinct names instead of every programme's name, school and disciplines, which made the
-- refresh after a million-programme load take ~20 s of CPU. docs/decisions/005-forgiving-search.md.
DROP MATERIALIZED VIEW "search_words";--> statement-breakpoint
CREATE MATERIALIZED VIEW "search_words" AS
  WITH texts(text, occurrences) AS (
    SELECT c.name, count(*) FROM courses c WHERE c.published GROUP BY c.name
    UNION ALL
    SELECT c.school_name, count(*) FROM courses c WHERE c.published GROUP BY c.school_name
    UNION ALL
    SELECT d.name, count(*)
      FROM courses c
      JOIN course_disciplines cd ON cd.course_id = c.id
      JOIN disciplines d ON d.id = cd.discipline_id
      WHERE c.published
      GROUP BY d.name
  )
  SELECT word, sum(t.occurrences)::int AS frequency
  FROM texts t,
    LATERAL regexp_split_to_table(lower(public.f_unaccent(t.text)), '[^a-z0-9]+') AS word
  WHERE length(word) >= 3
  GROUP BY word;--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" ("word");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
