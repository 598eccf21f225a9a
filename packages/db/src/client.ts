// One way to open the database: embedded PGlite (a data directory, or in memory) by default, a
// PostgreSQL server when a connection URL is given. See docs/decisions/002-database.md.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

import { isBackgroundWork } from "./background.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { backgroundWaiting, openPool, type DatabaseLog } from "./postgres-pool.ts";
import { replicaCaughtUp } from "./read-replica.ts";
import * as accounts from "./schema/accounts.ts";
import * as analytics from "./schema/analytics.ts";
import * as catalogue from "./schema/catalogue.ts";
import * as conversations from "./schema/chat.ts";
import * as eligibility from "./schema/eligibility.ts";
import * as engagement from "./schema/engagement.ts";
import * as inbox from "./schema/inbox.ts";
import * as media from "./schema/media.ts";
import * as mfa from "./schema/mfa.ts";
import * as organisations from "./schema/organisations.ts";
import * as preferences from "./schema/preferences.ts";
import * as jobs from "./schema/jobs.ts";
import * as search from "./schema/search.ts";

export const schema = {
  ...catalogue,
  ...accounts,
  ...engagement,
  ...conversations,
  ...organisations,
  ...analytics,
  ...mfa,
  ...media,
  ...search,
  ...preferences,
  ...jobs,
  ...inbox,
  ...eligibility,
};
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

/** A parameterised query straight to the driver, for bulk loads and hand-tuned SQL. */
export interface RawQuery {
  <Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface DatabaseHandle {
  kind: DatabaseKind;
  /** The primary: every write, and every read that must see a write just made. */
  db: Database;
  /**
   * The catalogue's public reads (the finder, the detail pages, the finder index's loading): the
   * read replica when DATABASE_READ_URL is set, otherwise `db` itself (ADR 048).
   */
  read: Database;
  /**
   * Only with a read replica: resolves once the replica has replayed every change the primary had
   * committed when it was called (at once when the read database is not a standby); rejects after
   * REPLICA_CATCH_UP_TIMEOUT_MS. The catalogue's change event waits for it (ADR 048).
   */
  readCaughtUp?: () => Promise<void>;
  query: RawQuery;
  migrate(): Promise<void>;
  /**
   * Calls `onNotice` for every NOTIFY on `channel`, and also whenever notices may have been
   * missed (the listening connection was lost; it reconnects by itself). Resolves once listening;
   * the returned function stops.
   */
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The PGlite instance, for tests that dump or clone it. Undefined on PostgreSQL. */
  pglite?: PGlite;
  /**
   * Statements waiting for their turn now, by lane (the server's metrics, docs/metrics.md): on
   * PGlite its queue (`fairPglite`); on PostgreSQL the queries waiting for a pool connection and
   * the background statements waiting for theirs (`queueBackgroundWork`).
   */
  queued?: () => { request: number; background: number };
  /**
   * The connection pool on PostgreSQL (undefined on PGlite), for work that needs connections of
   * its own: the seed's parallel COPY sessions.
   */
  pool?: pg.Pool;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../migrations", import.meta.url));

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

export type DatabaseOptions =
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File }
  | {
      kind: "postgres";
      url: string;
      maxConnections?: number;
      /** A read replica (or any database with the same catalogue) for the catalogue's reads. */
      readUrl?: string;
    };

export type { DatabaseLog } from "./postgres-pool.ts";

export async function openDatabase(
  options: DatabaseOptions,
  log?: DatabaseLog,
): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    return openPostgres(options.url, options.maxConnections, log, options.readUrl);
  }
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<DatabaseHandle> {
  if (!dataDir)
    return wrapPglite(
      await PGlite.create({
        ...(loadDataDir ? { loadDataDir } : {}),
        extensions: PGLITE_EXTENSIONS,
      }),
    );
  // PGlite.create(dir) does not create parent folders.
  mkdirSync(dataDir, { recursive: true });
  // One process at a time in a data directory (ADR 048).
  const unlock = lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: PGLITE_EXTENSIONS,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const handle = wrapPglite(client);
  return {
    ...handle,
    async close() {
      await handle.close();
      unlock();
    },
  };
}

/**
 * PGlite runs each statement on the process's one thread, and runs the statements queued on its
 * one connection back to back: a burst of background statements (an index rebuild after a
 * catalogue change) held every request, even the health check, until the last one ended
 * (docs/architecture.md "Data, freshness and caches"). Here every statement and transaction takes its turn
 * in this process's queue instead: after each one, the event loop serves the sockets before the
 * next starts, and a request's statement goes before any background one.
 */
function fairPglite(client: PGlite): PGlite {
  const waiting = { request: [] as (() => void)[], background: [] as (() => void)[] };
  let busy = false;
  const next = () => {
    if (busy) return;
    const run = waiting.request.shift() ?? waiting.background.shift();
    if (!run) return;
    busy = true;
    run();
  };
  const inTurn =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        const lane = isBackgroundWork() ? waiting.background : waiting.request;
        lane.push(() => {
          operation(...args)
            .then(resolve, reject)
            .finally(() =>
              setImmediate(() => {
                busy = false;
                next();
              }),
            );
        });
        next();
      });
  const query = inTurn(client.query.bind(client));
  const exec = inTurn(client.exec.bind(client));
  const transaction = inTurn(client.transaction.bind(client));
  const proxy = new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "exec") return exec;
      if (property === "transaction") return transaction;
      // PGlite's methods read its private fields: they run on the instance, not on this proxy.
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
  queueOf.set(proxy, waiting);
  return proxy;
}

/** Each fair PGlite's waiting statements, by lane. */
const queueOf = new WeakMap<PGlite, { request: unknown[]; background: unknown[] }>();

/** Wraps an open PGlite instance (for example a clone of a migrated template). */
export function wrapPglite(raw: PGlite): DatabaseHandle {
  const client = fairPglite(raw);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    read: db,
    pglite: client,
    queued: () => {
      const waiting = queueOf.get(client);
      return { request: waiting?.request.length ?? 0, background: waiting?.background.length ?? 0 };
    },
    query: (async (text: string, params?: unknown[]) => {
      const result = await client.query(text, params);
      return { rows: result.rows };
    }) as RawQuery,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async listen(channel, onNotice) {
      // One embedded database in this process: its notices cannot be missed.
      const stop = await client.listen(channel, onNotice);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  maxConnections = 10,
  log?: DatabaseLog,
  readUrl?: string,
): Promise<DatabaseHandle> {
  const pool = await openPool(url, maxConnections, log);
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  let readPool: pg.Pool | undefined;
  try {
    readPool = readUrl ? await openPool(readUrl, maxConnections, log) : undefined;
  } catch (error) {
    await pool.end();
    throw new Error(
      `The read database (DATABASE_READ_URL) could not be opened: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const read = readPool ? (drizzlePostgres(readPool, { schema }) as unknown as Database) : db;
  return {
    kind: "postgres",
    db,
    read,
    ...(readPool ? { readCaughtUp: () => replicaCaughtUp(pool, readPool) } : {}),
    pool,
    queued: () => ({
      request: pool.waitingCount,
      background: backgroundWaiting(pool),
    }),
    query: (async (text: string, params?: unknown[]) => {
      const result = await pool.query<Record<string, unknown>>(text, params);
      return { rows: result.rows };
    }) as RawQuery,
    async migrate() {
      await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    listen: (channel, onNotice) => listenPostgres(url, channel, onNotice),
    async close() {
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * LISTEN on a dedicated connection (a pooled one would hand the session to other queries).
 * A lost connection reconnects with backoff, and reports a possible miss through onNotice("").
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotice: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  const scheduleReconnect = () => {
    if (stopped) return;
    onNotice("");
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
    attempt += 1;
    setTimeout(() => {
      if (!stopped) void connect(false);
    }, delay).unref();
  };
  const connect = async (initial: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let gone = false;
    const lost = () => {
      if (gone || stopped) return;
      gone = true;
      if (client === next) client = undefined;
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on("notification", (message) => {
      if (message.channel === channel) onNotice(message.payload ?? "");
    });
    next.on("error", lost);
    next.on("end", lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteChannel(channel)}`);
    } catch (error) {
      if (!initial) return lost();
      gone = true;
      client = undefined;
      await next.end().catch(() => undefined);
      throw error;
    }
    // Reconnected: whatever changed meanwhile was not heard.
    if (attempt > 0) onNotice("");
    attempt = 0;
  };
  await connect(true);
  return async () => {
    stopped = true;
    const current = client;
    client = undefined;
    await current?.end();
  };
}

function quoteChannel(channel: string): string {
  return `"${channel.replace(/"/g, '""')}"`;
}
