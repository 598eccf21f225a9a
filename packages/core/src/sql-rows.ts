// Both drivers (PGlite and node-postgres) return `{ rows }` from execute(); this reads them typed.
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";

import type { Database } from "@studyatlas/db/client.ts";

export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export async function selectOne<Row>(db: Database, query: SQL): Promise<Row | undefined> {
  const rows = await selectRows<Row>(db, query);
  return rows[0];
}

/** FNV-1a over the statement's text: the same text always gets the same name. */
function statementName(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `sa_${(hash >>> 0).toString(36)}_${text.length.toString(36)}`;
}

/**
 * Like selectRows, as a named prepared statement: on PostgreSQL each connection plans it once and
 * reuses the plan (the finder's card query spent 3 of its 5 ms in the planner). For hot
 * queries of a fixed shape, whose values all travel as parameters; the name comes from the text,
 * so two shapes never share one. PGlite runs it like any other query.
 */
export async function selectPrepared<Row>(db: Database, query: SQL): Promise<Row[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = dialect.sqlToQuery(query);
  const prepared = session.prepareQuery(built, undefined, statementName(built.sql), false);
  const result: unknown = await prepared.execute();
  return (result as { rows: Row[] }).rows;
}

/** A PostgreSQL array literal of texts (`{"a","b\\"c"}`), to pass a list as one parameter. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

/** A PostgreSQL array literal of whole numbers (`{1,2,3}`), to pass a list as one parameter. */
export function intArrayLiteral(values: readonly number[]): string {
  return `{${values.map((value) => Math.trunc(value)).join(",")}}`;
}
