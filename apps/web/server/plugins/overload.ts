// Load shedding (docs/architecture.md, "Scaling out"): past a number of requests in progress, a process
// answers at once with 503 and `Retry-After` instead of queueing work it cannot finish before the
// client gives up. A load balancer or the browser retries; the requests already accepted finish in
// time. One count for the whole process, guarded in each context that does work (the API, the
// auth service, the pages), each answering in its own kind; the contexts that cost nothing (static
// files, media, the health check, which tells balancers we are alive) are never guarded.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { apiError } from "./errors.ts";

export const OVERLOAD_MESSAGE = "The service is busy right now. Please try again in a moment.";

/** Seconds a shed client is asked to wait. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/** How a context answers a request it sheds (status 503 and headers are already set). */
export type ShedAnswer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export const SHED_AS_JSON: ShedAnswer = (_request, reply) =>
  reply.send(apiError("overloaded", OVERLOAD_MESSAGE));

export const SHED_AS_PAGE: ShedAnswer = (_request, reply) =>
  reply
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Busy — StudyAtlas</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body><main><h1>One moment, please</h1><p>${OVERLOAD_MESSAGE}</p></main></body></html>`,
    );

export interface OverloadGuard {
  /**
   * Sheds the requests of `context` past the limit, answering with `answer`. Call it before the
   * context's other hooks, so that a shed request costs nothing more.
   */
  guard(context: FastifyInstance, answer: ShedAnswer): void;
  /** Requests in progress now. */
  inFlight(): number;
  /** Requests answered 503 since start. */
  shed(): number;
}

export function createOverloadGuard(options: { maxConcurrentRequests: number }): OverloadGuard {
  let inFlight = 0;
  let shed = 0;
  return {
    guard(context, answer) {
      context.addHook("onRequest", async (request, reply) => {
        if (inFlight >= options.maxConcurrentRequests) {
          shed += 1;
          void reply.code(503);
          void reply.header("retry-after", String(OVERLOAD_RETRY_AFTER_SECONDS));
          void reply.header("cache-control", "no-store");
          return answer(request, reply);
        }
        inFlight += 1;
        // 'close' fires once, whether the answer was sent or the client went away.
        reply.raw.once("close", () => {
          inFlight -= 1;
        });
      });
    },
    inFlight: () => inFlight,
    shed: () => shed,
  };
}
