ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_change" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_change_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "otp_code_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_idx" ON "users" USING btree ("phone") WHERE "users"."phone" is not null;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_type_check" CHECK ("one_time_tokens"."token_type" in ('signup', 'magiclink', 'recovery', 'invite', 'email_change_current', 'email_change_new', 'reauthentication', 'phone_confirmation', 'phone_change'));