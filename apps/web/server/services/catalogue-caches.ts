// The in-process caches of catalogue answers, every one on lru-cache (through core's
// catalogue/catalogue-cache.ts and the analytics overview cache), and the one path that empties
// them and renews the finder index: the catalogue-change event (core's
// catalogue/catalogue-changes.ts), raised by this process's writers and by the database's notice
// of every other process's (docs/decisions/009-finder-speed.md, 011-finder-index.md,
// 018-page-reuse.md).
import {
  createCatalogueCache,
  type CatalogueCache,
} from "@studyatlas/core/catalogue/catalogue-cache.ts";
import type { CatalogueChanges } from "@studyatlas/core/catalogue/catalogue-changes.ts";
import {
  createAnalyticsOverviewCache,
  type AnalyticsOverviewCache,
} from "@studyatlas/core/dashboards/analytics/overview-cache.ts";
import type { FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import { currentSynonyms, forgetSynonyms } from "@studyatlas/core/finder/synonyms.ts";
import type { Database } from "@studyatlas/db/client.ts";
import type { FastifyBaseLogger as Logger } from "fastify";

import type { AppConfig } from "../config.ts";

/** How long a reused page may be answered at most (ADR 018); a catalogue change empties it sooner. */
export const PAGE_REUSE_TTL_MS = 60_000;

export interface CatalogueCaches {
  /** The catalogue's answers to the API and to the page loaders (CATALOGUE_CACHE_MB). */
  answers: CatalogueCache;
  /** The reference lists every page reads, kept whatever CATALOGUE_CACHE_MB says: a few small lists. */
  references: CatalogueCache;
  /** Rendered signed-out pages answered again (PAGE_REUSE_MB); a minute at most, so the home page's random mix still changes. */
  pages: CatalogueCache;
  /** The sales dashboard's overview of every school, which names programmes and schools. */
  salesOverview: AnalyticsOverviewCache;
}

export function createCatalogueCaches(config: AppConfig, log: Logger): CatalogueCaches {
  return {
    answers: createCatalogueCache({ maxBytes: config.catalogueCacheBytes }),
    references: createCatalogueCache({ maxEntries: 64, maxBytes: 4 * 1024 * 1024 }),
    pages: createCatalogueCache({
      maxEntries: 2000,
      maxBytes: config.pageReuseBytes,
      ttlMs: PAGE_REUSE_TTL_MS,
    }),
    salesOverview: createAnalyticsOverviewCache({
      onError: (error) => log.error({ err: error }, "The sales overview could not be refreshed"),
    }),
  };
}

/**
 * Every cache and the finder index hear every catalogue change. A change of the search
 * vocabulary alone changes text answers and pages (their misspellings are corrected anew), not
 * the reference lists, the overview or the programmes the index holds.
 */
export function followCatalogueChanges(
  changes: CatalogueChanges,
  caches: CatalogueCaches,
  finderIndex: FinderIndex,
): void {
  changes.subscribe(() => caches.answers.invalidate());
  changes.subscribe(() => caches.pages.invalidate());
  changes.subscribe((change) => {
    if (change === "catalogue") caches.references.invalidate();
  });
  changes.subscribe((change) => {
    if (change === "catalogue") caches.salesOverview.invalidate();
  });
  changes.subscribe((change) => {
    if (change === "catalogue") finderIndex.invalidate();
    else if (change === "search-words") finderIndex.vocabularyChanged();
  });
}

/**
 * The process's copy of the finder's synonyms is read again after a change of the list (and after
 * any catalogue notice, which may stand for missed ones), at once, so the next search finds it
 * ready; the answers and pages built with the old list are dropped by `followCatalogueChanges`
 * (docs/decisions/044-synonyms-as-data.md).
 */
export function followSynonymChanges(changes: CatalogueChanges, db: Database, log: Logger): void {
  changes.subscribe((change) => {
    if (change === "search-words") return;
    forgetSynonyms(db);
    currentSynonyms(db).catch((error: unknown) => {
      log.error({ err: error }, "The finder's synonyms could not be read");
    });
  });
}
