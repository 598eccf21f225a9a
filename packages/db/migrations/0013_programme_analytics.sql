CREATE TABLE "analytics_daily_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_view_countries" (
	"course_id" integer NOT NULL,
	"day" date NOT NULL,
	"country_code" text NOT NULL,
	"school_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "programme_view_countries_course_id_day_country_code_pk" PRIMARY KEY("course_id","day","country_code"),
	CONSTRAINT "programme_view_countries_code_check" CHECK ("programme_view_countries"."country_code" = 'unknown' or "programme_view_countries"."country_code" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "programme_view_days" (
	"course_id" integer NOT NULL,
	"day" date NOT NULL,
	"school_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "programme_view_days_course_id_day_pk" PRIMARY KEY("course_id","day")
);
--> statement-breakpoint
CREATE TABLE "programme_view_visitors" (
	"day" date NOT NULL,
	"course_id" integer NOT NULL,
	"visitor_hash" "bytea" NOT NULL,
	"views" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "programme_view_visitors_day_course_id_visitor_hash_pk" PRIMARY KEY("day","course_id","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "programme_view_countries" ADD CONSTRAINT "programme_view_countries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_view_countries" ADD CONSTRAINT "programme_view_countries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_view_days" ADD CONSTRAINT "programme_view_days_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_view_days" ADD CONSTRAINT "programme_view_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_view_visitors" ADD CONSTRAINT "programme_view_visitors_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_view_countries_school_day_idx" ON "programme_view_countries" USING btree ("school_id","day","country_code","visitors");--> statement-breakpoint
CREATE INDEX "programme_view_countries_day_idx" ON "programme_view_countries" USING btree ("day","country_code","visitors");--> statement-breakpoint
CREATE INDEX "programme_view_days_school_day_idx" ON "programme_view_days" USING btree ("school_id","day","course_id","views","visitors");--> statement-breakpoint
CREATE INDEX "programme_view_days_day_idx" ON "programme_view_days" USING btree ("day","course_id","views","visitors");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wishlist_items_course_created_idx" ON "wishlist_items" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "wishlist_items_created_idx" ON "wishlist_items" USING btree ("created_at");