CREATE TABLE "application_qualifications" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"education" text,
	"ielts" numeric(2, 1),
	"toefl_ibt" smallint,
	"duolingo" smallint,
	"pte" smallint,
	"cambridge" smallint,
	"work_years" smallint,
	CONSTRAINT "application_qualifications_education_check" CHECK ("application_qualifications"."education" in ('secondary', 'bachelor', 'master')),
	CONSTRAINT "application_qualifications_work_check" CHECK ("application_qualifications"."work_years" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "course_entry_requirements" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"no_formal_requirements" boolean DEFAULT false NOT NULL,
	"min_education" text,
	"ielts" numeric(2, 1),
	"toefl_ibt" smallint,
	"duolingo" smallint,
	"pte" smallint,
	"cambridge" smallint,
	"min_work_years" smallint,
	CONSTRAINT "course_entry_requirements_education_check" CHECK ("course_entry_requirements"."min_education" in ('secondary', 'bachelor', 'master')),
	CONSTRAINT "course_entry_requirements_work_check" CHECK ("course_entry_requirements"."min_work_years" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "user_qualifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"education" text,
	"ielts" numeric(2, 1),
	"toefl_ibt" smallint,
	"duolingo" smallint,
	"pte" smallint,
	"cambridge" smallint,
	"work_years" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_qualifications_education_check" CHECK ("user_qualifications"."education" in ('secondary', 'bachelor', 'master')),
	CONSTRAINT "user_qualifications_work_check" CHECK ("user_qualifications"."work_years" between 0 and 50)
);
--> statement-breakpoint
ALTER TABLE "application_qualifications" ADD CONSTRAINT "application_qualifications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_entry_requirements" ADD CONSTRAINT "course_entry_requirements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_qualifications" ADD CONSTRAINT "user_qualifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "course_entry_requirements_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_entry_requirements" FOR EACH STATEMENT EXECUTE FUNCTION "public"."notify_catalogue_changed"();
