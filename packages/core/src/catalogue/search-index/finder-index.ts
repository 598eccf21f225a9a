// The app process's finder index (issue 14; ADR 011): built from PostgreSQL at start, dropped the
// moment the catalogue changes (a `catalogue_changed` notice) and rebuilt behind the scenes. While
// there is no current index, the finder answers from SQL, so an answer is never staler than the
// notice: a change shows in every process's results as soon as its notice arrives.
import type { Database } from "@studyatlas/db/client.ts";

import type { CourseIndex } from "./course-index.ts";
import { loadCourseIndex } from "./load.ts";

export interface FinderIndex {
  /** The index, or undefined while it is (re)built: the caller then asks SQL. */
  current(): CourseIndex | undefined;
  /** The catalogue changed: stop answering from the old index and build a new one. */
  invalidate(): void;
  /** Resolves once the index of the latest catalogue is built (or failed to build). */
  settled(): Promise<void>;
  /** Facts for the logs and the benchmark. */
  stats(): { builds: number; lastBuildMs: number | undefined; size: number | undefined };
}

export interface FinderIndexOptions {
  /** Off: the finder always answers from SQL (FINDER_INDEX=false). */
  enabled: boolean;
  onError?: (error: unknown) => void;
}

export function createFinderIndex(db: Database, options: FinderIndexOptions): FinderIndex {
  let index: CourseIndex | undefined;
  // Bumped by every change; a build whose generation is no longer the latest is thrown away.
  let generation = 0;
  let building: Promise<void> | undefined;
  let builds = 0;
  let lastBuildMs: number | undefined;

  const build = (): Promise<void> => {
    if (!options.enabled) return Promise.resolve();
    if (building) return building;
    const started = generation;
    const startedAt = performance.now();
    building = loadCourseIndex(db)
      .then(
        (built) => {
          if (started === generation) {
            index = built;
            builds += 1;
            lastBuildMs = performance.now() - startedAt;
          }
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        building = undefined;
        // The catalogue changed while this build ran: build again for the latest.
        if (started !== generation) void build();
      });
    return building;
  };

  void build();

  return {
    current: () => index,
    invalidate() {
      generation += 1;
      index = undefined;
      void build();
    },
    async settled() {
      while (building) await building;
    },
    stats: () => ({ builds, lastBuildMs, size: index?.size }),
  };
}
