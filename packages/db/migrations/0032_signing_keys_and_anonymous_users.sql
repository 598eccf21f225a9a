CREATE TABLE "signing_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "signing_keys_algorithm_check" CHECK ("signing_keys"."algorithm" in ('ES256', 'RS256'))
);
--> statement-breakpoint
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "signing_keys_retired_at_idx" ON "signing_keys" USING btree ("retired_at");--> statement-breakpoint
CREATE INDEX "users_anonymous_created_idx" ON "users" USING btree ("created_at") WHERE "users"."is_anonymous";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';
