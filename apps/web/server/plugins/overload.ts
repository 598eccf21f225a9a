// Load shedding (docs/architecture.md, "Scaling out"): past a number of requests in progress, a process
// answers at once with 503 and `Retry-After` instead of queueing work it cannot finish before the
// client gives up. A load balancer or the browser retries; the requests already accepted finish in
// time. One count for the whole process, guarded in each context that does work (the API, the
// auth service, the pages), each answering in its own kind; the contexts that cost nothing (static
// files, media, the health check, which tells balancers we are alive) are never guarded.
//
// A WebSocket upgrade holds a slot while it is a request (authenticated, checked, routed) and gives
// it back once the upgrade completes: a live socket lasts for hours and is counted apart, by the
// chat hub's own caps (routes/api/chat/socket-registry.ts; docs/security.md, "Long-lived
// connections"), so idle sockets can never use up the budget of the requests that do work.
import type { IncomingMessage } from "node:http";

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

/** The WebSocket server @fastify/websocket decorates the instance with, when it is registered. */
interface WithWebSocketServer {
  websocketServer?: {
    on(event: "connection", listener: (socket: unknown, request: IncomingMessage) => void): void;
  };
}

export function createOverloadGuard(options: { maxConcurrentRequests: number }): OverloadGuard {
  let inFlight = 0;
  let shed = 0;
  /** How to give back the slot of a request still counted, by its raw request. */
  const releases = new WeakMap<IncomingMessage, () => void>();
  const followed = new WeakSet<object>();
  /** An upgrade is complete: its socket is no request any more. */
  const onUpgraded = (_socket: unknown, request: IncomingMessage) => releases.get(request)?.();
  return {
    guard(context, answer) {
      const server = (context as WithWebSocketServer).websocketServer;
      if (server && !followed.has(server)) {
        followed.add(server);
        server.on("connection", onUpgraded);
      }
      context.addHook("onRequest", async (request, reply) => {
        if (inFlight >= options.maxConcurrentRequests) {
          shed += 1;
          void reply.code(503);
          void reply.header("retry-after", String(OVERLOAD_RETRY_AFTER_SECONDS));
          void reply.header("cache-control", "no-store");
          // A refused upgrade's connection ends with the answer (it can carry nothing else).
          if (request.headers.upgrade) void reply.header("connection", "close");
          return answer(request, reply);
        }
        inFlight += 1;
        let counted = true;
        const release = () => {
          if (!counted) return;
          counted = false;
          inFlight -= 1;
          releases.delete(request.raw);
        };
        releases.set(request.raw, release);
        // 'close' fires once, whether the answer was sent or the client went away.
        reply.raw.once("close", release);
      });
    },
    inFlight: () => inFlight,
    shed: () => shed,
  };
}
