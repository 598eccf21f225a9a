// The app process's finder index (ADR 011): built from PostgreSQL at start, dropped the moment the
// catalogue changes (a `catalogue_changed` notice) and rebuilt behind the scenes. While there is no
// current index, the finder answers from SQL, so an answer is never staler than the notice: a
// change shows in every process's results as soon as its notice arrives. Callers hold the handle
// and pass it to the search module (search.ts), which reads the current index itself.
//
// The rebuild waits for the catalogue to be quiet for a moment (REBUILD_QUIET_MS, at most
// REBUILD_MAX_DELAY_MS after the first change): a burst of writes, and each writer's own change
// heard again through the notice, costs one rebuild rather than two per write. On embedded PGlite
// every query runs on the process's one thread, so a rebuild reads in short statements and builds
// in steps that let requests in between (index/load.ts; docs/architecture.md "Data, freshness and
// caches").
import { inBackground } from "@studyatlas/db/background.ts";
import type { Database } from "@studyatlas/db/client.ts";

import { loadSearchVocabulary } from "./search-vocabulary.ts";
import type { CourseIndex } from "./index/course-index.ts";
import { holdIndex } from "./index/holder.ts";
import { loadCourseIndex } from "./index/load.ts";
import { readCommonPostings } from "./index/posting-reads.ts";
import { readAheadBudget } from "./index/postings.ts";

export interface FinderIndex {
  /** The catalogue changed: stop answering from the old index and build a new one. */
  invalidate(): void;
  /**
   * Only the search vocabulary was refreshed: SQL corrects misspellings until the new vocabulary
   * is read into the current index.
   */
  vocabularyChanged(): void;
  /** Resolves once the index of the latest catalogue is built (or failed to build). */
  settled(): Promise<void>;
  /**
   * Resolves once the current index has read ahead its vocabulary's commonest lexemes' sets and
   * positions (`readCommonPostings`, started in the background when an index or a vocabulary is
   * installed).
   */
  readAhead(): Promise<void>;
  /** Facts for the logs and the benchmark. */
  stats(): FinderIndexStats;
}

export interface FinderIndexStats {
  builds: number;
  lastBuildMs: number | undefined;
  /** When the current index was installed (epoch ms); undefined before the first build. */
  builtAt: number | undefined;
  /** The current index's programmes; undefined while there is none. */
  size: number | undefined;
  /** The lexeme sets and positions the current index keeps, and the bytes they take. */
  postings: { lexemes: number; bytes: number } | undefined;
}

export interface FinderIndexOptions {
  /** Off: the finder always answers from SQL (FINDER_INDEX=false). */
  enabled: boolean;
  onError?: (error: unknown) => void;
  /**
   * Read the commonest words' sets and positions ahead of the searches (ADR 030); default on. Off
   * for a benchmark that times each word's first read.
   */
  readAhead?: boolean;
  /** How long the catalogue must be quiet before a rebuild starts (REBUILD_QUIET_MS). */
  rebuildQuietMs?: number;
}

/** A rebuild starts once no change came for this long... */
export const REBUILD_QUIET_MS = 250;
/** ...or at the latest this long after the first change it follows. */
export const REBUILD_MAX_DELAY_MS = 2000;

/**
 * Runs `run` once nothing was scheduled for `quietMs` (at the latest REBUILD_MAX_DELAY_MS after
 * the first call of a series). `waiting()` is the promise of the run to come, while one waits.
 */
function whenQuiet(quietMs: number, run: () => Promise<void>) {
  let pending: { timer: NodeJS.Timeout; since: number; done: Promise<void> } | undefined;
  let start = (): void => undefined;
  return {
    schedule(): void {
      const now = performance.now();
      if (pending) {
        clearTimeout(pending.timer);
        const left = Math.max(0, pending.since + REBUILD_MAX_DELAY_MS - now);
        pending.timer = setTimeout(start, Math.min(quietMs, left));
        return;
      }
      const done = new Promise<void>((resolve) => {
        start = () => {
          pending = undefined;
          void run().then(resolve);
        };
      });
      pending = { timer: setTimeout(start, quietMs), since: now, done };
    },
    waiting: (): Promise<void> | undefined => pending?.done,
  };
}

/** How long the last build took, and when its index was installed (epoch ms). */
interface LastBuild {
  ms: number;
  at: number;
}

function statsOf(
  builds: number,
  lastBuild: LastBuild | undefined,
  index: CourseIndex | undefined,
): FinderIndexStats {
  return {
    builds,
    lastBuildMs: lastBuild?.ms,
    builtAt: lastBuild?.at,
    size: index?.size,
    postings: index?.postingsHeld,
  };
}

export function createFinderIndex(db: Database, options: FinderIndexOptions): FinderIndex {
  let index: CourseIndex | undefined;
  // Bumped by every change; a build whose generation is no longer the latest is thrown away.
  let generation = 0;
  let building: Promise<void> | undefined;
  let builds = 0;
  let lastBuild: LastBuild | undefined;
  // Bumped by every vocabulary refresh; a vocabulary read before the latest one is not used.
  let vocabularyGeneration = 0;
  let readingAhead: Promise<unknown> | undefined;

  // The commonest words' sets and positions, read behind the scenes for as long as this index and
  // vocabulary are current, so that the first search of a common word finds them kept.
  const readAhead = (target: CourseIndex): void => {
    const vocabulary = target.vocabulary;
    if (!vocabulary || options.readAhead === false) return;
    const previous = readingAhead ?? Promise.resolve();
    readingAhead = previous.then(() =>
      inBackground(() =>
        readCommonPostings(
          db,
          target,
          readAheadBudget(target.size),
          () => index === target && target.vocabulary === vocabulary,
        ),
      ),
    );
  };

  const reloadVocabulary = (): void => {
    vocabularyGeneration += 1;
    const started = vocabularyGeneration;
    if (index) index.vocabulary = undefined;
    // A rebuild waits to start: it reads the new vocabulary itself.
    if (!options.enabled || quiet.waiting()) return;
    void inBackground(() => loadSearchVocabulary(db)).then(
      (vocabulary) => {
        if (started === vocabularyGeneration && index) {
          index.vocabulary = vocabulary;
          readAhead(index);
        }
      },
      (error: unknown) => options.onError?.(error),
    );
  };

  const build = (): Promise<void> => {
    if (!options.enabled) return Promise.resolve();
    if (building) return building;
    const started = generation;
    const vocabularyStarted = vocabularyGeneration;
    const startedAt = performance.now();
    building = inBackground(() => Promise.all([loadCourseIndex(db), loadSearchVocabulary(db)]))
      .then(
        ([built, vocabulary]) => {
          if (started === generation) {
            built.vocabulary = vocabulary;
            index = built;
            builds += 1;
            lastBuild = { ms: performance.now() - startedAt, at: Date.now() };
            readAhead(built);
            // The vocabulary was refreshed while this one was read: read it again.
            if (vocabularyStarted !== vocabularyGeneration) reloadVocabulary();
          }
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        building = undefined;
        // The catalogue changed while this build ran: build again for the latest, once quiet.
        if (started !== generation && !quiet.waiting()) quiet.schedule();
      });
    return building;
  };

  const quiet = whenQuiet(options.rebuildQuietMs ?? REBUILD_QUIET_MS, () => build());
  void build();

  const handle: FinderIndex = {
    invalidate() {
      generation += 1;
      index = undefined;
      if (options.enabled) quiet.schedule();
    },
    vocabularyChanged: reloadVocabulary,
    async settled() {
      while (quiet.waiting() ?? building) await (quiet.waiting() ?? building);
    },
    async readAhead() {
      for (let last = readingAhead; last; last = readingAhead === last ? undefined : readingAhead) {
        await last;
      }
    },
    stats: () => statsOf(builds, lastBuild, index),
  };
  holdIndex(handle, () => index);
  return handle;
}
