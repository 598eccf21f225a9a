-- The audit log is append-only (docs/decisions/016-organisations-and-dashboards.md "The audit
-- log"; ASVS 5.0 V16.4): it records organisation, webhook and lead changes too, its entries keep
-- the organisation's, school's and actor's ids as plain data (no foreign key: a cascade or a
-- SET NULL would delete or rewrite entries) with the names copied, and a trigger refuses every
-- UPDATE, DELETE and TRUNCATE, whoever asks.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_organisation_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_school_id_schools_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "organisation_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "school_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_check" CHECK ("audit_log"."entity" in ('programme', 'school', 'organisation', 'lead'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'publish', 'unpublish', 'approve', 'suspend', 'link', 'unlink', 'rotate_secret'));--> statement-breakpoint
UPDATE "audit_log" SET "organisation_name" = "organisations"."name" FROM "organisations" WHERE "organisations"."id" = "audit_log"."organisation_id";--> statement-breakpoint
UPDATE "audit_log" SET "school_name" = "schools"."name" FROM "schools" WHERE "schools"."id" = "audit_log"."school_id";--> statement-breakpoint
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP
		USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
