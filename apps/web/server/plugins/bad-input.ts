// Bad input that must never become a 500 (issue 15 item 8).
// - A NUL byte anywhere in the address (path or query) is refused with 400 before any route runs:
//   PostgreSQL cannot store or compare it, so it can only ever be a mistake or a probe.
// - Outside the API (pages, media, sitemaps), an error answers a short text without internals:
//   Fastify's default handler would echo the error's message, SQL text and parameters included.
import type { FastifyError, FastifyInstance } from "fastify";

import { isAuthServicePath } from "./auth.ts";
import { apiError, isDataError, isUnavailableError, UNAVAILABLE_MESSAGE } from "./errors.ts";
import { GoTrueHttpError, sendGoTrueError } from "../routes/auth-service/gotrue-errors.ts";

export const NUL_MESSAGE = "This address contains a NUL character (%00), which is not allowed.";

export function registerBadInputGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.toLowerCase().includes("%00") && !request.url.includes("\0")) return;
    if (isAuthServicePath(request.url)) {
      return sendGoTrueError(
        new GoTrueHttpError(400, "validation_failed", NUL_MESSAGE),
        request,
        reply,
      );
    }
    return request.url.startsWith("/api/")
      ? reply.code(400).send(apiError("invalid_characters", NUL_MESSAGE))
      : reply.code(400).type("text/plain; charset=utf-8").send(NUL_MESSAGE);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isUnavailableError(error)) {
      return reply
        .code(503)
        .header("retry-after", "2")
        .type("text/plain; charset=utf-8")
        .send(UNAVAILABLE_MESSAGE);
    }
    const status = isDataError(error) ? 400 : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    const text =
      status >= 500
        ? "Something went wrong on our side. Please try again."
        : "This request could not be understood.";
    return reply.code(status).type("text/plain; charset=utf-8").send(text);
  });
}
