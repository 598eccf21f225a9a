// Independent answers straight from the database, to compare the API's filters against. Kept as
// plain SQL (not the core query builders) so a bug in those cannot hide itself.
import type { DatabaseHandle } from "@studyatlas/db/client.ts";

/** What the public catalogue shows: published programmes of published schools. */
export const VISIBLE_COURSE = "c.published and s.published";

/** Ids (ascending) of the visible programmes that also satisfy `condition`. */
export async function courseIdsWhere(
  database: DatabaseHandle,
  condition = "true",
  params: unknown[] = [],
): Promise<number[]> {
  const { rows } = await database.query<{ id: number }>(
    `select c.id from courses c
       join schools s on s.id = c.school_id
       join countries co on co.id = s.country_id
     where ${VISIBLE_COURSE} and (${condition})
     order by c.id`,
    params,
  );
  return rows.map((row) => Number(row.id));
}

export async function scalar<T = number>(
  database: DatabaseHandle,
  text: string,
  params: unknown[] = [],
): Promise<T> {
  const { rows } = await database.query<Record<string, T>>(text, params);
  const row = rows[0];
  if (!row) throw new Error(`No row from: ${text}`);
  return Object.values(row)[0] as T;
}

export function sortedIds(items: readonly { id: number }[]): number[] {
  return items.map((item) => item.id).sort((a, b) => a - b);
}
