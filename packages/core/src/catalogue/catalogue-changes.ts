// One event for "the catalogue changed" in this process (docs/decisions/009-finder-speed.md,
// docs/decisions/011-finder-index.md). Every in-process cache of catalogue answers and the finder
// index subscribe to it; it is raised by every local writer at once (the programme editor, the
// school profile editor) and by the database's `catalogue_changed` notice, which every statement
// that writes a catalogue table raises (migration 0004) and every app process hears. A local
// writer hears its own notice again a moment later, harmlessly.
import type { DatabaseHandle } from "@studyatlas/db/client.ts";

import { SEARCH_WORDS_CHANGED } from "../finder/search-words.ts";
import { SYNONYMS_CHANGED } from "../finder/synonyms.ts";
import type { Logger } from "../logger.ts";

export const CATALOGUE_CHANGED_CHANNEL = "catalogue_changed";

/**
 * What changed: catalogue rows (or possibly, when a notice may have been missed), only the
 * search vocabulary (typo correction and suggestions), or only the finder's synonyms
 * (docs/decisions/044-synonyms-as-data.md); the last two change text answers but not the
 * programmes themselves, so neither renews the finder index.
 */
export type CatalogueChange = "catalogue" | "search-words" | "synonyms";

export type CatalogueChangeListener = (change: CatalogueChange) => void;

export interface CatalogueChanges {
  /** This process changed the catalogue: every subscriber hears it before this returns. */
  raise(change?: CatalogueChange): void;
  /** Calls `listener` on every change, local or heard; returns what unsubscribes it. */
  subscribe(listener: CatalogueChangeListener): () => void;
  /**
   * Hears the other processes' changes (the notice) until the returned function is called;
   * resolves once listening.
   */
  listen(database: Pick<DatabaseHandle, "listen" | "readCaughtUp">): Promise<() => Promise<void>>;
}

/** The change a `catalogue_changed` notice's payload (the table written, or '' after a reconnect) stands for. */
export function changeOfNotice(payload: string): CatalogueChange {
  if (payload === SEARCH_WORDS_CHANGED) return "search-words";
  if (payload === SYNONYMS_CHANGED) return "synonyms";
  return "catalogue";
}

export function createCatalogueChanges(log: Logger): CatalogueChanges {
  const listeners = new Set<CatalogueChangeListener>();
  const raise = (change: CatalogueChange = "catalogue") => {
    for (const listener of listeners) {
      // One failing subscriber must not keep the others stale.
      try {
        listener(change);
      } catch (error) {
        log.error({ err: error, change }, "A catalogue change subscriber failed");
      }
    }
  };
  return {
    raise,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listen: (database) => {
      const { readCaughtUp } = database;
      return database.listen(CATALOGUE_CHANGED_CHANNEL, (payload) => {
        const change = changeOfNotice(payload);
        if (!readCaughtUp) return raise(change);
        // With a read replica, the caches empty and the index rebuilds once the replica has the
        // change: sooner, they would keep the catalogue as it was (ADR 048).
        readCaughtUp().then(
          () => raise(change),
          (error: unknown) => {
            log.warn({ err: error, change }, "The read replica is behind; the change applies now");
            raise(change);
          },
        );
      });
    },
  };
}
