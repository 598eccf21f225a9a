// The client build's files (scripts, stylesheets, icons; docs/decisions/019-first-paint.md): no
// session, no cookie and no overload guard, so shared caches keep them and they cost nothing.
// Scripts and stylesheets lose the document-only headers (plugins/asset-headers.ts).
import type { FastifyInstance } from "fastify";

import { registerAssetHeaders } from "../plugins/asset-headers.ts";
import { registerCompression } from "../plugins/compression.ts";
import { clientBuildFiles } from "../plugins/react-router.ts";

export async function clientBuildContext(
  files: FastifyInstance,
  options: { directory: string },
): Promise<void> {
  await registerCompression(files);
  registerAssetHeaders(files);
  await files.register(clientBuildFiles, {
    directory: options.directory,
    // The build writes .br and .gz copies of the assets (vite.config.ts, ADR 019).
    staticOptions: { preCompressed: true },
  });
}
