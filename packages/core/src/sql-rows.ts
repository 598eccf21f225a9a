// Both drivers (PGlite and node-postgres) return `{ rows }` from execute(); this reads them typed.
import type { SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export async function selectOne<Row>(db: Database, query: SQL): Promise<Row | undefined> {
  const rows = await selectRows<Row>(db, query);
  return rows[0];
}
