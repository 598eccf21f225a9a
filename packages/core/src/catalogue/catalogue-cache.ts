// An in-process cache of catalogue answers: the finder's lists, counts and facets, the reference
// lists, and the serialised JSON bodies of the catalogue API. The catalogue changes rarely and is
// read constantly, so each process keeps what it computed until the catalogue changes.
// Invalidation: every statement that writes a catalogue table raises a `catalogue_changed`
// notice (migration 0004); each app process listens and clears its cache, so several processes
// behind a load balancer stay correct. A time-to-live bounds staleness should a notice ever be
// missed (for example while the listening connection reconnects). See
// docs/decisions/009-finder-speed.md.

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

interface Entry {
  value: unknown;
  bytes: number;
  expires: number;
}

const DEFAULTS = { maxEntries: 5000, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60 * 1000 };

/** A rough size for an object result: small and fixed, as lists are capped at a page. */
const OBJECT_BYTES = 16 * 1024;

export function createCatalogueCache(options: CatalogueCacheOptions = {}): CatalogueCache {
  const maxEntries = options.maxEntries ?? DEFAULTS.maxEntries;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const ttlMs = options.ttlMs ?? DEFAULTS.ttlMs;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on a hit keeps the oldest use first.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, { generation: number; promise: Promise<unknown> }>();
  let generation = 0;
  let bytes = 0;
  const counters = { hits: 0, misses: 0, invalidations: 0 };

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const get = <T>(key: string): T | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now()) {
      remove(key, entry);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry.value as T;
  };

  const set = (key: string, value: unknown, size: number, at: number) => {
    if (at !== generation || size > maxBytes) return;
    const previous = entries.get(key);
    if (previous) remove(key, previous);
    entries.set(key, { value, bytes: size, expires: now() + ttlMs });
    bytes += size;
    for (const [oldest, entry] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest, entry);
    }
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
      if (maxBytes === 0) return compute();
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
      entries.clear();
      inFlight.clear();
      bytes = 0;
    },
    stats() {
      return { ...counters, entries: entries.size, bytes };
    },
  };
}
