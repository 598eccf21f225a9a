// The connections a seed writes on: dedicated connections from the handle's pool on PostgreSQL
// (several at once for a bulk load, each in its own transaction), or the single PGlite
// connection. Everything the loader sends goes through a `Session` (load.ts).
import { availableParallelism } from "node:os";

import type pg from "pg";

import type { DatabaseHandle } from "../client.ts";
import { copyFromStdin } from "./copy.ts";
import type { Session } from "./load.ts";

/**
 * Connections writing courses (and rebuilding indexes) in parallel during a bulk load on
 * PostgreSQL. The server's per-row work is what limits the load, so more cores, more writers; one
 * generator feeds about 25,000 rows/s, so more than four writers would not help.
 */
const BULK_WRITERS = Math.min(4, Math.max(2, availableParallelism()));

export interface SessionProvider {
  kind: DatabaseHandle["kind"];
  /** How many connections can write at once. */
  writers: number;
  /** Runs fn in one transaction on one connection. */
  transaction<T>(fn: (session: Session) => Promise<T>): Promise<T>;
  /** Runs fn with `count` separate connections, each inside its own transaction. */
  parallel<T>(count: number, fn: (sessions: Session[]) => Promise<T>): Promise<T>;
  /**
   * Runs fn with `count` separate connections in autocommit mode (each statement commits on its
   * own, so locks are held only while a statement runs). PGlite and unknown drivers get their
   * single session.
   */
  autocommit<T>(count: number, fn: (sessions: Session[]) => Promise<T>): Promise<T>;
}

export function sessionProvider(handle: DatabaseHandle): SessionProvider {
  const pglite = handle.pglite;
  if (pglite) {
    const transaction = <T>(fn: (session: Session) => Promise<T>): Promise<T> =>
      pglite.transaction((tx) =>
        fn({
          query: async (text, params) => ({
            rows: (await tx.query<Record<string, unknown>>(text, params)).rows,
          }),
          // PGlite reads COPY input from a Blob exposed as /dev/blob.
          copyFrom: async (sql, data) => {
            await tx.query(sql.replace("FROM STDIN", "FROM '/dev/blob'"), [], {
              blob: new Blob([new Uint8Array(data)]),
            });
          },
        }),
      );
    return {
      kind: "pglite",
      writers: 1,
      transaction,
      parallel: (_count, fn) => transaction((session) => fn([session])),
      autocommit: (_count, fn) => transaction((session) => fn([session])),
    };
  }
  const { pool } = handle;
  if (!pool) {
    // Unknown driver: no dedicated connection, so no transaction and no COPY.
    const session: Session = { query: (text, params) => handle.query(text, params) };
    return {
      kind: handle.kind,
      writers: 1,
      transaction: (fn) => fn(session),
      parallel: (_count, fn) => fn([session]),
      autocommit: (_count, fn) => fn([session]),
    };
  }
  const wrap = (client: pg.PoolClient): Session => ({
    query: async (text, params) => ({
      rows: (await client.query(text, params)).rows as Record<string, unknown>[],
    }),
    copyFrom: (sql, data) => copyFromStdin(client, sql, data),
  });
  /** `count` connections, each in its own transaction, committed together when fn succeeds. */
  const parallel = async <T>(
    count: number,
    fn: (sessions: Session[]) => Promise<T>,
  ): Promise<T> => {
    const clients: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const client = await pool.connect();
        clients.push(client);
        await client.query("BEGIN");
        // Losing the last moments of a crashed seed is fine; waiting for WAL flushes is not.
        await client.query("SET LOCAL synchronous_commit = off");
      }
      const result = await fn(clients.map(wrap));
      for (const client of clients) await client.query("COMMIT");
      return result;
    } catch (error) {
      for (const client of clients) await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      for (const client of clients) client.release();
    }
  };
  const autocommit = async <T>(
    count: number,
    fn: (sessions: Session[]) => Promise<T>,
  ): Promise<T> => {
    const clients: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < count; i++) clients.push(await pool.connect());
      return await fn(clients.map(wrap));
    } finally {
      // Settings made with SET must not leak to the pool's other users.
      for (const client of clients) {
        await client.query("RESET ALL").catch(() => undefined);
        client.release();
      }
    }
  };
  return {
    kind: "postgres",
    writers: Math.max(1, Math.min(BULK_WRITERS, pool.options.max - 1)),
    transaction: (fn) => parallel(1, (sessions) => fn(sessions[0] as Session)),
    parallel,
    autocommit,
  };
}
