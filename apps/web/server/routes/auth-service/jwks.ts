// GET /auth/v1/.well-known/jwks.json: the public halves of the keys that sign access tokens
// (docs/decisions/062-signing-keys-and-anonymous-users.md), as GoTrue publishes them, so
// clients verify tokens themselves (auth-js getClaims). HS256 keys are never published: a
// server signing HS256 answers an empty set.
import type { FastifyInstance } from "fastify";

import { AUTH_SERVICE_TAGS, type AuthServiceOptions } from "./context.ts";

export async function jwksRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  app.get(
    "/.well-known/jwks.json",
    { schema: { tags: AUTH_SERVICE_TAGS, summary: "The public signing keys (JWKS)" } },
    async (_request, reply) => {
      // GoTrue lets caches keep it ten minutes; a retired key stays published for its grace.
      reply.header("cache-control", "public, max-age=600");
      return options.auth.keyring?.jwks() ?? { keys: [] };
    },
  );
}
