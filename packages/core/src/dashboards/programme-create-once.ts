// Creating a programme once per idempotency key
// (docs/decisions/055-lead-exports-and-idempotent-create.md "Idempotent create"): the form sends
// an `Idempotency-Key` header with its create; a repeat with the same key (a double click, a
// retry after a lost answer, two identical requests at once) answers the programme the first
// request created instead of creating a copy. Requests with one key take turns on an advisory
// lock; the programme and its key commit together, so a failed create leaves the key unused.
import { createHash } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { ProgrammeCreate, ProgrammeDetail } from "@studyatlas/schemas/programmes.ts";

import { ConflictError } from "../errors.ts";
import { selectOne } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import type { AuditActor } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";
import { getProgramme } from "./programme-reads.ts";
import { createProgramme } from "./programmes.ts";

const OPERATION = "programme.create";

export const IDEMPOTENCY_MESSAGES = {
  reused:
    "This idempotency key was already used for a different programme. Send a new key for a new programme.",
} as const;

/** A stable digest of what was asked, so one key cannot stand for two different programmes. */
export function requestFingerprint(input: unknown): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("base64url");
}

/**
 * Creates the programme, or answers the one this user's earlier request with the same key
 * created (within a day). `created` says which, for the status code (201 or 200).
 */
export async function createProgrammeOnce(
  db: Database,
  scope: PartnerScope,
  input: ProgrammeCreate,
  actor: AuditActor,
  key: string | undefined,
): Promise<{ programme: ProgrammeDetail; created: boolean }> {
  if (key === undefined) {
    return { programme: await createProgramme(db, scope, input, actor), created: true };
  }
  const fingerprint = requestFingerprint(input);
  const outcome = await inTransaction(db, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`idempotency:${actor.id}:${OPERATION}:${key}`}))`,
    );
    await tx.execute(
      sql`delete from idempotency_keys
          where user_id = ${actor.id} and created_at < now() - interval '1 day'`,
    );
    const earlier = await selectOne<{ fingerprint: string; result_id: number }>(
      tx,
      sql`select fingerprint, result_id from idempotency_keys
          where user_id = ${actor.id} and operation = ${OPERATION} and key = ${key}`,
    );
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new ConflictError(IDEMPOTENCY_MESSAGES.reused, { code: "idempotency_key_reused" });
      }
      return { id: Number(earlier.result_id), created: false };
    }
    const programme = await createProgramme(tx, scope, input, actor);
    await tx.execute(
      sql`insert into idempotency_keys (user_id, operation, key, fingerprint, result_id)
          values (${actor.id}, ${OPERATION}, ${key}, ${fingerprint}, ${programme.id})`,
    );
    return { id: programme.id, created: true };
  });
  return { programme: await getProgramme(db, scope, outcome.id), created: outcome.created };
}
