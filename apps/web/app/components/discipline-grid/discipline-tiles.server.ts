// The discipline tiles of the home page, /explore and /discipline: the fixed list of the spec with
// the catalogue's names and programme counts. A failed count leaves the tiles without numbers.
import type { CachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import type { FastifyBaseLogger as Logger } from "fastify";

import type { DisciplineTile } from "./discipline-grid.tsx";

export async function loadDisciplineTiles(
  catalogue: Pick<CachedCatalogue, "listDisciplines">,
  tiles: readonly { slug: string; name: string; to?: string }[],
  /** The request's logger (app/context.ts `getLogger`). */
  log: Logger,
): Promise<DisciplineTile[]> {
  const counts = new Map<string, { name: string; count: number }>();
  try {
    for (const discipline of await catalogue.listDisciplines()) {
      counts.set(discipline.slug, { name: discipline.name, count: discipline.courses_total });
    }
  } catch (error) {
    log.error({ err: error }, "The discipline counts could not be loaded.");
  }
  return tiles.map(({ slug, name, to }) => ({
    slug,
    name: counts.get(slug)?.name ?? name,
    count: counts.get(slug)?.count,
    ...(to ? { to } : {}),
  }));
}
