// The PostgreSQL pool behind a database handle (client.ts): connections that survive the server's
// restarts, background work bounded to BACKGROUND_CONNECTIONS, and a first answer before use.
import pg from "pg";

import { isBackgroundWork } from "./background.ts";
/** Where a server process's database tells of trouble it recovers from (the server's logger). */
export interface DatabaseLog {
  error(details: object, message: string): void;
}

/**
 * A pool whose connections survive the server's restarts, whose background work is bounded, and
 * which has answered once (so an unreachable server fails here, with a clear error).
 */
export async function openPool(
  url: string,
  maxConnections: number,
  log?: DatabaseLog,
): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // An idle client that loses its connection (server restart, network blip) emits 'error' on the
  // pool; unhandled, that would crash the process. The pool replaces the client on next use.
  pool.on("error", (error) => {
    log?.error({ err: error }, "PostgreSQL connection lost; the pool replaces the connection");
  });
  // A client checked out of the pool has no such listener: if the server ends its connection
  // (a restart), its 'error' event would end the process. And drizzle's transaction() does not
  // release its client when `begin` itself fails, so every transaction that met the outage would
  // keep one connection for ever, until the pool had none left. So a checked-out client whose
  // connection is gone (an 'error' event, or a query failing for that reason) is handed back at
  // once as broken, and the pool discards it; a second release is harmless.
  const releaseOf = new WeakMap<pg.PoolClient, (error?: Error | boolean) => void>();
  const guard = (client: pg.PoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    const once = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      releaseOf.delete(client);
      release(error);
    };
    client.release = once;
    releaseOf.set(client, once);
  };
  type ConnectCallback = (
    error: Error | undefined,
    client: pg.PoolClient | undefined,
    done: unknown,
  ) => void;
  const connect = pool.connect.bind(pool) as unknown as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: unknown }).connect = (callback?: ConnectCallback) => {
    if (callback) {
      return connect((error, client, done) => {
        if (client) guard(client);
        callback(error, client, client ? (failure?: Error) => client.release(failure) : done);
      });
    }
    return connect()?.then((client) => {
      guard(client);
      return client;
    });
  };
  pool.on("connect", (client) => {
    client.on("error", (error) => releaseOf.get(client)?.(error));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (connectionLost(error)) releaseOf.get(client)?.(error as Error);
        throw error;
      });
    };
  });
  const backgroundWaiting = queueBackgroundWork(pool);
  // Fail fast with a clear error when the server is unreachable.
  backgroundWaitingOf.set(pool, backgroundWaiting);
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return pool;
}

/** The pool's connections that background work may hold at once on PostgreSQL. */
export const BACKGROUND_CONNECTIONS = 1;

/** How many background statements wait for their turn on each pool (the metrics' queue depth). */
const backgroundWaitingOf = new WeakMap<pg.Pool, () => number>();

/** How many background statements wait for a connection of this pool. */
export function backgroundWaiting(pool: pg.Pool): number {
  return backgroundWaitingOf.get(pool)?.() ?? 0;
}

/**
 * On PostgreSQL, background statements (an index rebuild reads a dozen tables at once, a vocabulary
 * refresh) take at most BACKGROUND_CONNECTIONS of the pool's connections; the others stay free for
 * requests, which otherwise queued for a connection behind a rebuild's long reads
 * (docs/architecture.md "Data, freshness and caches").
 */
function queueBackgroundWork(pool: pg.Pool): () => number {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  const turn = (): Promise<void> => {
    if (active < BACKGROUND_CONNECTIONS) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (!isBackgroundWork() || typeof args.at(-1) === "function") return query(...args);
    return turn().then(() => {
      const result = query(...args) as Promise<unknown>;
      void result.then(release, release);
      return result;
    });
  };
  return () => waiting.length;
}

/** Whether a query failed because the connection itself is gone (not because of the query). */
function connectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && /^(08|57P0)/.test(code)) return true;
  return (
    typeof message === "string" &&
    /Connection terminated|not queryable|connection (?:ended|closed)/i.test(message)
  );
}
