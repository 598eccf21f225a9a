// Load shedding (issue 14 item 3): past a number of requests in progress, a process answers at once
// with 503 and `Retry-After` instead of queueing work it cannot finish before the client gives up.
// A load balancer or the browser retries; the requests already accepted finish in time. Static
// files and the health check are never shed (they cost nothing and tell balancers we are alive).
import type { FastifyInstance } from "fastify";

import { STATIC_PREFIXES } from "./auth.ts";
import { apiError } from "./errors.ts";

export const OVERLOAD_MESSAGE = "The service is busy right now. Please try again in a moment.";

/** Seconds a shed client is asked to wait. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 1;

const NEVER_SHED = [...STATIC_PREFIXES, "/api/health"];

export interface OverloadGuard {
  /** Requests in progress now. */
  inFlight(): number;
  /** Requests answered 503 since start. */
  shed(): number;
}

export function registerOverloadGuard(
  app: FastifyInstance,
  options: { maxConcurrentRequests: number },
): OverloadGuard {
  let inFlight = 0;
  let shed = 0;
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (NEVER_SHED.some((prefix) => path.startsWith(prefix))) return;
    if (inFlight >= options.maxConcurrentRequests) {
      shed += 1;
      void reply.header("retry-after", String(OVERLOAD_RETRY_AFTER_SECONDS));
      void reply.header("cache-control", "no-store");
      if (path.startsWith("/api/")) {
        return reply.code(503).send(apiError("overloaded", OVERLOAD_MESSAGE));
      }
      return reply
        .code(503)
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Busy — StudyAtlas</title>` +
            `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
            `<body><main><h1>One moment, please</h1><p>${OVERLOAD_MESSAGE}</p></main></body></html>`,
        );
    }
    inFlight += 1;
    // 'close' fires once, whether the answer was sent or the client went away.
    reply.raw.once("close", () => {
      inFlight -= 1;
    });
  });
  return { inFlight: () => inFlight, shed: () => shed };
}
