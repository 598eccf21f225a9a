// GET /reference/{version}.json: the reference tables every page reads (countries, currencies;
// docs/decisions/065-reference-tables-cached-apart.md). The version names the content, so the
// current version's answer may be kept for good; an older version's address answers the current
// tables (a page rendered just before the catalogue changed still gets usable lists), not to be kept.
import type { FastifyInstance } from "fastify";

import { loadReferenceTables } from "../../app/reference/reference-tables.server.ts";
import { REFERENCE_VERSION } from "../../app/reference/reference-tables.ts";
import type { AppServices } from "../../app/context.ts";

const KEEP = "public, max-age=31536000, immutable";

export async function referenceTablesRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  app.get<{ Params: { file: string } }>("/:file", async (request, reply) => {
    const version = /^(.*)\.json$/.exec(request.params.file)?.[1] ?? "";
    if (!REFERENCE_VERSION.test(version)) {
      return reply.code(404).send({ detail: "Not found." });
    }
    const tables = await loadReferenceTables(services);
    return reply
      .header("cache-control", tables.version === version ? KEEP : "no-store")
      .header("content-type", "application/json; charset=utf-8")
      .send(JSON.stringify(tables));
  });
}
