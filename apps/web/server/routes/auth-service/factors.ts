// Multi-factor authentication at /auth/v1 (GoTrue's mfa.go; docs/decisions/014-two-factor.md):
// the factor routes both doors share (routes/api/accounts/factor-handlers.ts) under /factors,
// behind GoTrue's Bearer guard, a verified code answered with GoTrue's session body. The routes
// stay out of the API's OpenAPI document (auth-service.ts hides every route here).
import type { FastifyInstance } from "fastify";

import {
  mfaSettingsOf,
  mountFactorRoutes,
  type FactorDoor,
  type FactorRouteDocs,
} from "../api/accounts/factor-handlers.ts";
import {
  AUTH_SERVICE_TAGS,
  bearerAuth,
  requireBearerUser,
  sessionBody,
  type AuthServiceOptions,
} from "./context.ts";

const docs = (summary: string): FactorRouteDocs => ({ tags: AUTH_SERVICE_TAGS, summary });

function goTrueDoor(options: AuthServiceOptions): FactorDoor {
  const { db } = options.services;
  return {
    path: "/factors",
    guard: requireBearerUser(options.auth.secret),
    caller: bearerAuth,
    answerVerified: async (_request, _reply, verified) =>
      sessionBody(options.auth, db, verified.sessionId, verified.refreshToken),
    docs: {
      enrol: docs("Enrol a TOTP factor"),
      challenge: docs("Challenge a factor"),
      verify: docs("Verify a code: the session becomes aal2 (a new session answer)"),
      unenrol: docs("Remove a factor"),
    },
  };
}

export async function factorRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  const { db, publicBaseUrl } = options.services;
  mountFactorRoutes(
    app,
    { db, mfa: mfaSettingsOf(options.auth.secret, publicBaseUrl) },
    goTrueDoor(options),
  );
}
