// An in-process cache of catalogue answers: the finder's lists, counts and facets, the reference
// lists, the serialised JSON bodies of the catalogue API and the reused pages. The catalogue
// changes rarely and is read constantly, so each process keeps what it computed until the
// catalogue changes. Storage, recency, the byte budget and the time-to-live are lru-cache's; this
// module adds what lru-cache does not know: a generation that makes an answer computed before a
// change impossible to store after it, and one computation shared by concurrent callers.
// Invalidation: every statement that writes a catalogue table raises a `catalogue_changed`
// notice (migration 0004) and every local writer says so at once; the app's catalogue-change
// event empties every cache (apps/web/server/catalogue-changes.ts). A time-to-live bounds
// staleness should a notice ever be missed (for example while the listening connection
// reconnects). See docs/decisions/009-finder-speed.md.
import { LRUCache } from "lru-cache";

export interface CatalogueCacheOptions {
  /** Most entries kept; the least recently used go first. */
  maxEntries?: number;
  /** Most bytes kept (strings count two bytes per character; objects their declared size); 0 turns the cache off. */
  maxBytes?: number;
  /** How long an entry may be served, in milliseconds. */
  ttlMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

export interface CatalogueCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  invalidations: number;
}

export interface CatalogueCache {
  /**
   * The value cached under `key`, or `compute()`'s result, stored unless the catalogue changed
   * while it was computed. Concurrent callers with the same key share one computation.
   */
  remember<T>(key: string, compute: () => Promise<T>, bytes?: number): Promise<T>;
  /** A cached value, if fresh. */
  get<T>(key: string): T | undefined;
  /**
   * Stores a value computed from the catalogue as it was at `generation` (read it with
   * `generation` before starting); ignored when the catalogue has changed since.
   */
  set(key: string, value: unknown, bytes: number, generation: number): void;
  /** Increases on every invalidation. */
  readonly generation: number;
  /** Forgets everything (the catalogue changed). */
  invalidate(): void;
  stats(): CatalogueCacheStats;
}

const DEFAULTS = { maxEntries: 5000, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60 * 1000 };

/** A rough size for an object result: small and fixed, as lists are capped at a page. */
const OBJECT_BYTES = 16 * 1024;

/** A value as kept: boxed, because lru-cache reads an undefined value as "not there". */
interface Kept {
  value: unknown;
}

/** lru-cache's store under the options, or null when the byte budget turns the cache off. */
function storeOf(options: CatalogueCacheOptions): LRUCache<string, Kept> | null {
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  if (maxBytes <= 0) return null;
  return new LRUCache<string, Kept>({
    max: options.maxEntries ?? DEFAULTS.maxEntries,
    maxSize: maxBytes,
    ttl: options.ttlMs ?? DEFAULTS.ttlMs,
    // A test's clock is read on every look-up, not once per millisecond.
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
}

export function createCatalogueCache(options: CatalogueCacheOptions = {}): CatalogueCache {
  const store = storeOf(options);
  const inFlight = new Map<string, { generation: number; promise: Promise<unknown> }>();
  let generation = 0;
  const counters = { hits: 0, misses: 0, invalidations: 0 };

  const get = <T>(key: string): T | undefined => store?.get(key)?.value as T | undefined;

  const set = (key: string, value: unknown, size: number, at: number) => {
    if (!store || at !== generation) return;
    // lru-cache counts whole, positive sizes; one larger than the budget is not kept.
    store.set(key, { value }, { size: Math.max(1, Math.ceil(size)) });
  };

  return {
    get generation() {
      return generation;
    },
    get<T>(key: string): T | undefined {
      const value = get<T>(key);
      if (value === undefined) counters.misses += 1;
      else counters.hits += 1;
      return value;
    },
    set,
    async remember<T>(key: string, compute: () => Promise<T>, size = OBJECT_BYTES): Promise<T> {
      if (!store) return compute();
      const cached = get<T>(key);
      if (cached !== undefined) {
        counters.hits += 1;
        return cached;
      }
      const pending = inFlight.get(key);
      if (pending && pending.generation === generation) {
        counters.hits += 1;
        return pending.promise as Promise<T>;
      }
      counters.misses += 1;
      const started = generation;
      const promise = compute();
      inFlight.set(key, { generation: started, promise });
      try {
        const value = await promise;
        // "Nothing found" is not kept: the answer may exist by the next request.
        if (value !== undefined) set(key, value, size, started);
        return value;
      } finally {
        if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
      }
    },
    invalidate() {
      generation += 1;
      counters.invalidations += 1;
      store?.clear();
      inFlight.clear();
    },
    stats() {
      return {
        ...counters,
        entries: store?.size ?? 0,
        bytes: store?.calculatedSize ?? 0,
      };
    },
  };
}
