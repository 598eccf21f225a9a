// The sales dashboard's editor of the finder's synonyms and the partner dashboard's view of them
// (docs/decisions/044-synonyms-as-data.md): list, create, edit and delete entries of
// `search_synonyms`. Each change is recorded in the audit log in its own transaction
// (audit-log.ts), and the table's trigger tells every process to read the list again
// (finder/synonyms.ts).
//
// Writes take the table's SHARE ROW EXCLUSIVE lock, which only writers of the table contend for,
// so the check that an entry is not a duplicate and the write that follows cannot interleave with
// another writer's: ten identical creates at once make one entry and nine 409s.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  SYNONYM_MESSAGES,
  type Synonym,
  type SynonymInput,
} from "@studyatlas/schemas/search-synonyms.ts";

import { ConflictError, NotFoundError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { auditActorOf, recordAudit } from "./audit-log.ts";

interface SynonymRow {
  id: number;
  kind: Synonym["kind"];
  input: string | null;
  words: string[];
  note: string | null;
  updated_at: Date | string;
  updated_by: string | null;
}

const SELECT_SYNONYMS = sql`select s.id, s.kind, s.input, s.words, s.note, s.updated_at,
    nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as updated_by
  from search_synonyms s left join users u on u.id = s.updated_by`;

function synonymOf(row: SynonymRow): Synonym {
  return {
    id: Number(row.id),
    kind: row.kind,
    input: row.input,
    words: row.words,
    note: row.note,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by: row.updated_by,
  };
}

/** How the audit log names an entry: "mba = master of business administration", "psych → psychology". */
export function synonymLabel(entry: Pick<Synonym, "kind" | "input" | "words">): string {
  return entry.kind === "one-way"
    ? `${entry.input ?? ""} → ${entry.words.join(", ")}`
    : entry.words.join(" = ");
}

/** Every entry, or those with `q` in a word, the input or the note; oldest first. */
export async function listSynonyms(
  db: Database,
  options: { q?: string | undefined } = {},
): Promise<{ total: number; results: Synonym[] }> {
  const q = options.q?.trim().toLowerCase() ?? "";
  const pattern = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
  const [rows, count] = await Promise.all([
    selectRows<SynonymRow>(
      db,
      q === ""
        ? sql`${SELECT_SYNONYMS} order by s.id`
        : sql`${SELECT_SYNONYMS}
            where s.input like ${pattern} or lower(coalesce(s.note, '')) like ${pattern}
               or exists (select 1 from unnest(s.words) as w(word) where w.word like ${pattern})
            order by s.id`,
    ),
    selectOne<{ total: number }>(db, sql`select count(*)::int as total from search_synonyms`),
  ]);
  return { total: Number(count?.total ?? 0), results: rows.map(synonymOf) };
}

/** A text[] from a list, as one JSON parameter (both drivers take it alike), in order. */
function textArray(words: readonly string[]) {
  return sql`array(select w.value from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb)
    with ordinality as w(value, n) order by w.n)`;
}

async function lockSynonyms(tx: Database): Promise<void> {
  await tx.execute(sql`lock table search_synonyms in share row exclusive mode`);
}

/** Refuses an entry that says what another (not `exceptId`) already says: same kind, input and words. */
async function refuseDuplicate(
  tx: Database,
  input: SynonymInput,
  exceptId: number | null,
): Promise<void> {
  // An entry never repeats a word (the schema refuses it), so the same words in any order are
  // the same set when each array contains the other and both have as many.
  const words = textArray(input.words);
  const same = await selectOne<{ id: number }>(
    tx,
    sql`select id from search_synonyms
        where kind = ${input.kind} and input is not distinct from ${input.input}
          and cardinality(words) = ${input.words.length}
          and words @> ${words} and words <@ ${words}
          and id is distinct from ${exceptId}
        limit 1`,
  );
  if (same) {
    throw new ConflictError(SYNONYM_MESSAGES.duplicate, { code: "duplicate_synonym" });
  }
}

async function readSynonym(tx: Database, id: number): Promise<Synonym> {
  const row = await selectOne<SynonymRow>(tx, sql`${SELECT_SYNONYMS} where s.id = ${id}`);
  if (!row) throw new NotFoundError(SYNONYM_MESSAGES.notFound, { code: "synonym_not_found" });
  return synonymOf(row);
}

function auditFields(entry: Pick<Synonym, "kind" | "input" | "words" | "note">) {
  return { kind: entry.kind, input: entry.input, words: entry.words, note: entry.note };
}

export async function createSynonym(
  db: Database,
  options: { input: SynonymInput; salesUserId: number },
): Promise<Synonym> {
  const { input, salesUserId } = options;
  return inTransaction(db, async (tx) => {
    await lockSynonyms(tx);
    await refuseDuplicate(tx, input, null);
    const created = await selectOne<{ id: number }>(
      tx,
      sql`insert into search_synonyms (kind, input, words, note, updated_by)
          values (${input.kind}, ${input.input}, ${textArray(input.words)}, ${input.note}, ${salesUserId})
          returning id`,
    );
    const id = Number(created?.id);
    await recordAudit(tx, {
      organisationId: null,
      schoolId: null,
      entity: "synonym",
      entityId: id,
      entityName: synonymLabel(input),
      action: "create",
      actor: await auditActorOf(tx, salesUserId),
      after: auditFields(input),
    });
    return readSynonym(tx, id);
  });
}

/** Replaces an entry's kind, input, words and note; an edit that changes nothing records nothing. */
export async function updateSynonym(
  db: Database,
  options: { id: number; input: SynonymInput; salesUserId: number },
): Promise<Synonym> {
  const { id, input, salesUserId } = options;
  return inTransaction(db, async (tx) => {
    await lockSynonyms(tx);
    const before = await readSynonym(tx, id);
    await refuseDuplicate(tx, input, id);
    const changed = await recordAudit(tx, {
      organisationId: null,
      schoolId: null,
      entity: "synonym",
      entityId: id,
      entityName: synonymLabel(input),
      action: "update",
      actor: await auditActorOf(tx, salesUserId),
      before: auditFields(before),
      after: auditFields(input),
    });
    if (!changed) return before;
    await tx.execute(
      sql`update search_synonyms
          set kind = ${input.kind}, input = ${input.input}, words = ${textArray(input.words)},
              note = ${input.note}, updated_at = now(), updated_by = ${salesUserId}
          where id = ${id}`,
    );
    return readSynonym(tx, id);
  });
}

export async function deleteSynonym(
  db: Database,
  options: { id: number; salesUserId: number },
): Promise<void> {
  const { id, salesUserId } = options;
  await inTransaction(db, async (tx) => {
    await lockSynonyms(tx);
    const before = await readSynonym(tx, id);
    await tx.execute(sql`delete from search_synonyms where id = ${id}`);
    await recordAudit(tx, {
      organisationId: null,
      schoolId: null,
      entity: "synonym",
      entityId: id,
      entityName: synonymLabel(before),
      action: "delete",
      actor: await auditActorOf(tx, salesUserId),
      after: auditFields(before),
    });
  });
}
