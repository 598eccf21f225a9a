// Generated and uploaded images under /media (docs/architecture.md): no session, no cookie and
// no overload guard (they are cheap and a CDN keeps them), a short text for a NUL in the address.
import type { FastifyInstance } from "fastify";

import { NUL_AS_TEXT, refuseNulAddresses } from "../plugins/bad-input.ts";
import { registerCompression } from "../plugins/compression.ts";
import { mediaRoutes } from "../routes/media.ts";
import type { ServerServices } from "../services.ts";

export async function mediaContext(
  media: FastifyInstance,
  { services: s }: { services: ServerServices },
): Promise<void> {
  refuseNulAddresses(media, NUL_AS_TEXT);
  await registerCompression(media);
  await media.register(mediaRoutes, { services: s.app });
}
