CREATE TABLE "user_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"currency_code" text,
	"compare_course_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_currency_code_check" CHECK ("user_preferences"."currency_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "user_preferences_compare_size_check" CHECK (coalesce(array_length("user_preferences"."compare_course_ids", 1), 0) <= 4)
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
