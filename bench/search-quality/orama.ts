// The peer of the search-quality bench: `@orama/orama` over the same public programmes, set up as
// a JavaScript team would set it up for a search box. Its own mechanisms: BM25 over the name
// (boosted ×2) and a text of the school and the disciplines (as bench/orama-peer.ts indexes them),
// English stemming, prefix matching of every word (Orama's default, `exact: false`), typo tolerance
// of one edit, and results for any of the words (threshold 1, Orama's default). Orama has no
// synonyms of its own, so the finder's synonym list (the `search_synonyms` table, when the
// database has one) is applied at query time: the query, and the query with each synonym phrase it
// contains replaced by each of its equivalents, are searched, and the hits merged by their best
// score. Words that are filters ("UK", "masters") stay words: Orama has no query rules.
import { create, insertMultiple, search, type Orama } from "@orama/orama";
import { sql } from "drizzle-orm";

import { selectRows } from "@studyatlas/core/sql-rows.ts";
import type { Database } from "@studyatlas/db/client.ts";

const SCHEMA = { cid: "number", name: "string", about: "string" } as const;

/** One synonym entry: a two-way set, or a one-way input and what it also means. */
export interface SynonymEntry {
  kind: "two-way" | "one-way";
  input: string | null;
  words: string[];
}

/** The synonym list of the database (`search_synonyms`), or none when it has no such table. */
export async function readSynonyms(db: Database): Promise<SynonymEntry[]> {
  const [table] = await selectRows<{ name: string | null }>(
    db,
    sql`select to_regclass('search_synonyms')::text as name`,
  );
  if (!table?.name) return [];
  return selectRows<SynonymEntry>(
    db,
    sql`select kind, input, words from search_synonyms order by id`,
  );
}

/** Lower case, accents removed, words single-spaced: the synonym list's own form. */
function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** At most this many searches per query (the query and its expansions). */
const MAX_VARIANTS = 8;

/**
 * The query and its synonym expansions: for each entry with a phrase the query contains (as whole
 * words), the query with that phrase replaced by each of the phrase's equivalents.
 */
export function expandQuery(query: string, synonyms: readonly SynonymEntry[]): string[] {
  const text = normalise(query);
  const variants = [text];
  const padded = ` ${text} `;
  for (const entry of synonyms) {
    const pairs: Array<[string, string[]]> =
      entry.kind === "two-way"
        ? entry.words.map((word) => [word, entry.words.filter((other) => other !== word)])
        : [[entry.input ?? "", entry.words]];
    for (const [phrase, equivalents] of pairs) {
      const from = normalise(phrase);
      if (!from || !padded.includes(` ${from} `)) continue;
      for (const equivalent of equivalents) {
        const variant = padded.replace(` ${from} `, ` ${normalise(equivalent)} `).trim();
        if (!variants.includes(variant)) variants.push(variant);
      }
    }
  }
  return variants.slice(0, MAX_VARIANTS);
}

interface Row {
  id: number;
  name: string;
  about: string;
}

export class OramaSearch {
  private readonly db: Orama<typeof SCHEMA>;
  private readonly synonyms: readonly SynonymEntry[];

  private constructor(db: Orama<typeof SCHEMA>, synonyms: readonly SynonymEntry[]) {
    this.db = db;
    this.synonyms = synonyms;
  }

  static async build(database: Database, synonyms: readonly SynonymEntry[]): Promise<OramaSearch> {
    const rows = await selectRows<Row>(
      database,
      sql`select c.id, c.name, s.name || ' ' || coalesce((select string_agg(d.name, ' ')
                from course_disciplines cd join disciplines d on d.id = cd.discipline_id
                where cd.course_id = c.id), '') as about
          from courses c join schools s on s.id = c.school_id
          where c.published and s.published
          order by c.id`,
    );
    const db = create({
      schema: SCHEMA,
      components: { tokenizer: { language: "english", stemming: true } },
    });
    await insertMultiple(
      db,
      rows.map((row) => ({ cid: row.id, name: row.name, about: row.about })),
      2000,
    );
    return new OramaSearch(db, synonyms);
  }

  /** The first `limit` programme ids by Orama's score, and the number of programmes found. */
  async search(query: string, limit: number): Promise<{ ids: number[]; count: number }> {
    const best = new Map<number, number>();
    let count = 0;
    for (const term of expandQuery(query, this.synonyms)) {
      const found = await search(this.db, {
        term,
        properties: ["name", "about"],
        boost: { name: 2 },
        tolerance: 1,
        limit,
      });
      // The union's size is at least the largest search's count: zero only when all found none.
      count = Math.max(count, found.count);
      for (const hit of found.hits) {
        const id = hit.document.cid;
        best.set(id, Math.max(best.get(id) ?? 0, hit.score));
      }
    }
    const ids = [...best.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([id]) => id);
    return { ids, count };
  }
}
