// Misspelling correction for free-text search (docs/decisions/005-forgiving-search.md): each word
// of the query that is not in the catalogue's vocabulary (the `search_words` view of programme,
// school and discipline names) is replaced by the closest vocabulary word by trigram similarity,
// so 'compter science' searches for 'computer science' with the full-text index.
import { sql } from "drizzle-orm";

import { inBackground } from "@studyatlas/db/background.ts";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../sql-rows.ts";
import { MIN_CORRECTABLE_LENGTH, MIN_SIMILARITY } from "./correction-thresholds.ts";
import type { SearchVocabulary } from "./search-vocabulary.ts";

/** Lower case, accents removed, split on anything that is not a letter or digit. */
export function searchTokens(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 0);
}

/**
 * The query with each unknown word replaced by its closest known word; words without a close
 * match stay as typed. Returns the text unchanged when nothing needed correcting. With the
 * vocabulary held in process (search-vocabulary.ts), the same answer without a query.
 */
export async function correctSearchText(
  db: Database,
  text: string,
  vocabulary?: SearchVocabulary,
): Promise<string> {
  const tokens = searchTokens(text);
  if (vocabulary) return vocabulary.correct(tokens);
  const candidates = [...new Set(tokens.filter((token) => token.length >= MIN_CORRECTABLE_LENGTH))];
  if (candidates.length === 0) return tokens.join(" ");
  const rows = await selectRows<{ token: string; known: boolean; closest: string | null }>(
    db,
    sql`select q.token,
          exists (select 1 from search_words w where w.word = q.token) as known,
          (select w.word from search_words w
            where w.word % q.token and similarity(w.word, q.token) >= ${MIN_SIMILARITY}
            order by similarity(w.word, q.token) desc, w.frequency desc, w.word
            limit 1) as closest
        from (values ${sql.join(
          candidates.map((token) => sql`(${token})`),
          sql`, `,
        )}) as q(token)`,
  );
  const replacements = new Map(
    rows
      .filter((row) => !row.known && row.closest !== null)
      .map((row) => [row.token, row.closest as string]),
  );
  return tokens.map((token) => replacements.get(token) ?? token).join(" ");
}

/**
 * Rebuilds the vocabulary and the distinct programme names (typo matching, suggestions) after
 * catalogue writes that add or rename programmes, schools or disciplines.
 */
export async function refreshSearchWords(db: Database): Promise<void> {
  await db.execute(sql`refresh materialized view search_words`);
  await db.execute(sql`refresh materialized view programme_names`);
}

/** The `catalogue_changed` payload that says only the search vocabulary changed. */
export const SEARCH_WORDS_CHANGED = "search_words";

export interface SearchWordsRefresher {
  /**
   * A programme was added, renamed or (un)published: refresh soon, once for a burst of writes.
   * Resolves when a refresh that started after this call has finished.
   */
  request(): Promise<void>;
  /** Resolves once no refresh is running or waiting. */
  settled(): Promise<void>;
}

/**
 * Refreshes the vocabulary after dashboard edits (ADR 016 "Freshness"), outside the edit's
 * transaction: one refresh at a time, and one more when writes came in meanwhile. `concurrently`
 * keeps the views readable while they refresh. The notice afterwards drops every process's cached
 * answers, which were computed with the old vocabulary.
 */
export function createSearchWordsRefresher(
  db: Database,
  /** Told of a refresh that failed (the server's logger). */
  onError: (error: unknown) => void,
  /** `concurrently: false` on embedded PGlite, whose one connection nobody else reads through. */
  options: { concurrently?: boolean } = {},
): SearchWordsRefresher {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  // CONCURRENTLY keeps the views readable by other connections while they refresh, at the cost
  // of a comparison with the old contents; embedded PGlite has no other connection.
  const how = options.concurrently === false ? sql`` : sql`concurrently`;
  const refresh = async () => {
    await db.execute(sql`refresh materialized view ${how} search_words`);
    await db.execute(sql`refresh materialized view ${how} programme_names`);
    await db.execute(sql`select pg_notify('catalogue_changed', ${SEARCH_WORDS_CHANGED})`);
  };
  const request = (): Promise<void> => {
    if (!running) {
      // Background work: on PGlite, requests' statements go first (docs/architecture.md "Data,
      // freshness and caches").
      running = inBackground(refresh)
        .catch(onError)
        .finally(() => {
          running = undefined;
        });
      return running;
    }
    // A refresh is under way and may have read the catalogue before this write: one more after it.
    queued ??= running.then(() => {
      queued = undefined;
      return request();
    });
    return queued;
  };
  return {
    request,
    async settled() {
      while (running || queued) await (queued ?? running);
    },
  };
}
