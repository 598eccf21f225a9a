// The reference tables under /reference (routes/reference-tables.ts): like /media, no session, no
// cookie and no overload guard (one small answer a browser fetches once per catalogue version).
import type { FastifyInstance } from "fastify";

import { NUL_AS_TEXT, refuseNulAddresses } from "../plugins/bad-input.ts";
import { registerCompression } from "../plugins/compression.ts";
import { referenceTablesRoutes } from "../routes/reference-tables.ts";
import type { ServerServices } from "../services.ts";

export async function referenceContext(
  reference: FastifyInstance,
  { services: s }: { services: ServerServices },
): Promise<void> {
  refuseNulAddresses(reference, NUL_AS_TEXT);
  await registerCompression(reference);
  await reference.register(referenceTablesRoutes, { services: s.app });
}
