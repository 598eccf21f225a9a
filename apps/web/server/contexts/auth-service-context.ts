// The authentication service under /auth/v1 (docs/decisions/013-auth-service.md): GoTrue's answers
// for a NUL in the address and for overload, the session from a Bearer token (it never reads
// cookies, so there is no XSRF check here: nothing for a forged request to ride on), no-store on
// every answer (tokens and account data), work after the response, compression, then the
// service's own routes, body parser and error answers.
import type { FastifyInstance } from "fastify";

import { registerAfterResponse } from "../plugins/after-response.ts";
import { registerSessionAuth } from "../plugins/auth.ts";
import { NUL_MESSAGE, refuseNulAddresses } from "../plugins/bad-input.ts";
import { registerCompression } from "../plugins/compression.ts";
import { OVERLOAD_MESSAGE } from "../plugins/overload.ts";
import { registerNoStore } from "../plugins/response-headers.ts";
import { authServiceRoutes } from "../routes/auth-service/auth-service.ts";
import { GoTrueHttpError, sendGoTrueError } from "../routes/auth-service/gotrue-errors.ts";
import type { ServerServices } from "../services.ts";

export async function authServiceContext(
  auth: FastifyInstance,
  { services: s }: { services: ServerServices },
): Promise<void> {
  refuseNulAddresses(auth, (request, reply) =>
    sendGoTrueError(new GoTrueHttpError(400, "validation_failed", NUL_MESSAGE), request, reply),
  );
  // GoTrue's error shape, without logging each shed request as a failure.
  s.overload.guard(auth, (_request, reply) =>
    reply
      .header("x-sb-error-code", "overloaded")
      .send({ code: 503, error_code: "overloaded", msg: OVERLOAD_MESSAGE }),
  );
  registerSessionAuth(auth, {
    db: s.database.db,
    settings: s.authSettings,
    cookies: "ignore",
    anonymousUsers: true,
  });
  registerAfterResponse(auth);
  registerNoStore(auth);
  await registerCompression(auth);
  await auth.register(authServiceRoutes, {
    services: s.app,
    auth: s.authSettings,
    mailer: s.mailer,
    google: s.config.google,
    redirectUrls: s.config.auth.redirectUrls,
    secureEmailChange: s.config.auth.secureEmailChange,
    gotrue: s.config.auth.gotrue,
  });
}
