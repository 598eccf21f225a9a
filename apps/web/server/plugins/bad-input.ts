// Bad input that must never become a 500 (docs/security.md).
// - A NUL byte anywhere in the address (path or query) is refused with 400 before any route runs:
//   PostgreSQL cannot store or compare it, so it can only ever be a mistake or a probe. Each
//   context refuses it in its own kind (the API's JSON error, the auth service's GoTrue error, a
//   short text elsewhere).
// - Outside the API and the auth service (pages, media, sitemaps, static files), an error answers
//   a short text without internals: Fastify's default handler would echo the error's message,
//   SQL text and parameters included.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { apiError, isDataError, isUnavailableError, unavailableAnswer } from "./errors.ts";

export const NUL_MESSAGE = "This address contains a NUL character (%00), which is not allowed.";

/** How a context answers an address with a NUL byte (status 400 is already set). */
export type NulAnswer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export const NUL_AS_JSON: NulAnswer = (_request, reply) =>
  reply.send(apiError("invalid_characters", NUL_MESSAGE));

export const NUL_AS_TEXT: NulAnswer = (_request, reply) =>
  reply.type("text/plain; charset=utf-8").send(NUL_MESSAGE);

function hasNul(url: string): boolean {
  return url.toLowerCase().includes("%00") || url.includes("\0");
}

/** Refuses, in `context`, every address with a NUL byte, before its other hooks. */
export function refuseNulAddresses(context: FastifyInstance, answer: NulAnswer): void {
  context.addHook("onRequest", async (request, reply) => {
    if (!hasNul(request.url)) return;
    return answer(request, reply.code(400));
  });
}

/** The error handler of every context without its own: a short text, never internals. */
export function registerPlainErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isUnavailableError(error)) {
      const { message, retryAfterSeconds } = unavailableAnswer(error, request);
      return reply
        .code(503)
        .header("retry-after", String(retryAfterSeconds))
        .type("text/plain; charset=utf-8")
        .send(message);
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

/** Fastify's own 404 answer, for an address no context serves (the pages', without a front end). */
export function registerPlainNotFound(pages: FastifyInstance): void {
  pages.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      message: `Route ${request.method}:${request.url} not found`,
      error: "Not Found",
      statusCode: 404,
    }),
  );
}
