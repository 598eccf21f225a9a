// Fastify's own lines about each request, at a level that keeps the start banner and what matters
// in view (README "Configuration", LOG_LEVEL): a request's arrival and its successful answer at
// debug, a slow answer at info, a failed one (5xx) at warn, an error as Fastify logs it. The
// address goes through the request serializer, so an e-mailed link's secret never reaches the log
// (log-redaction.ts). Fastify's LogController is the documented place for this (fastify-instance.ts).
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

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

export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    const level = completedRequestLevel(reply.statusCode, reply.elapsedTime);
    reply.log[level](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      "request completed",
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, "route not found");
  }
}
