-- One table for every e-mailed token (docs/decisions/006-sessions-and-tokens.md,
-- docs/decisions/013-auth-service.md): the site's verification and reset links move from
-- verification_tokens to one_time_tokens, as `signup` and `recovery` tokens without a code.
-- Links already e-mailed keep working: their stored hash is the link token's SHA-256 in both
-- tables, and the live ones (unused, unexpired) are copied with their expiry before the old
-- table goes.
ALTER TABLE "one_time_tokens" ALTER COLUMN "code_hash" DROP NOT NULL;--> statement-breakpoint
INSERT INTO "one_time_tokens" ("user_id", "token_type", "relates_to", "code_hash", "link_hash", "flow_state_id", "expires_at", "used_at", "created_at")
SELECT "verification_tokens"."user_id",
	CASE "verification_tokens"."purpose" WHEN 'email_verification' THEN 'signup' ELSE 'recovery' END,
	lower("users"."email"),
	NULL,
	"verification_tokens"."token_hash",
	NULL,
	"verification_tokens"."expires_at",
	NULL,
	"verification_tokens"."created_at"
FROM "verification_tokens"
JOIN "users" ON "users"."id" = "verification_tokens"."user_id"
WHERE "verification_tokens"."used_at" IS NULL AND "verification_tokens"."expires_at" > now()
ON CONFLICT ("link_hash") DO NOTHING;--> statement-breakpoint
DROP TABLE "verification_tokens" CASCADE;
