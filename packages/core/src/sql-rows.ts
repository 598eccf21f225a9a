// Both drivers (PGlite and node-postgres) return `{ rows }` from execute(); this reads them typed.
import type { SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export async function selectOne<Row>(db: Database, query: SQL): Promise<Row | undefined> {
  const rows = await selectRows<Row>(db, query);
  return rows[0];
}
