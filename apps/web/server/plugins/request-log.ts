// One line when a request arrives and one when it is answered, at a level that keeps the start
// banner and what matters in view (README "Configuration", LOG_LEVEL): both at debug, unless the
// answer failed (5xx: warn) or was slow (info). Fastify's own request lines, all at info, are off
// (fastify-instance.ts). The address goes through the request serializer, so an e-mailed link's
// secret never reaches the log (log-redaction.ts).
import type { FastifyInstance } from "fastify";

/** An answer slower than this is logged at info even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

export function completedRequestLevel(
  statusCode: number,
  elapsedMs: number,
): "warn" | "info" | "debug" {
  if (statusCode >= 500) return "warn";
  if (elapsedMs >= SLOW_REQUEST_MS) return "info";
  return "debug";
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    request.log.debug({ req: request }, "incoming request");
  });
  app.addHook("onResponse", async (request, reply) => {
    const level = completedRequestLevel(reply.statusCode, reply.elapsedTime);
    request.log[level](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      "request completed",
    );
  });
}
