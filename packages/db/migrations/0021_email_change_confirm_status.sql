-- Secure e-mail change (docs/security.md V6): which addresses have confirmed a pending change,
-- as bits (1 the current address, 2 the new one); the change happens once both have.
ALTER TABLE "users" ADD COLUMN "email_change_confirm_status" smallint DEFAULT 0 NOT NULL;
