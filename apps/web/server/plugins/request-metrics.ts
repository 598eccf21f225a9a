// Every answered request counted by method, route pattern and status class, with its duration
// (docs/metrics.md): root hooks, so that every context's requests are counted, whichever answers.
// The route label is the pattern (metrics/route-label.ts), never the raw address. With tracing on,
// each request's span is named by the same label.
import type { FastifyInstance, FastifyRequest } from "fastify";

import type { Metrics, RequestLabels } from "../metrics/metrics.ts";
import { methodLabel, routeLabel, statusClass } from "../metrics/route-label.ts";
import type { RequestSpans } from "../metrics/tracing.ts";

function labelsOf(metrics: Metrics, request: FastifyRequest, statusCode: number): RequestLabels {
  return {
    method: methodLabel(request.method),
    route: routeLabel(
      { routePattern: request.routeOptions.url, url: request.url },
      metrics.pageRoutes,
    ),
    status_class: statusClass(statusCode),
  };
}

export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  spans?: RequestSpans,
): void {
  if (spans) {
    app.addHook("onRequest", async (request) => {
      const { method, route } = labelsOf(metrics, request, 0);
      spans.name(method, route);
    });
  }
  // The requests whose handler or hooks raised an error; counted once answered, under the status
  // the error handler gave it (plugins/errors.ts maps a domain error to its status).
  const failed = new WeakSet<FastifyRequest>();
  app.addHook("onError", async (request) => {
    failed.add(request);
  });
  app.addHook("onResponse", async (request, reply) => {
    const labels = labelsOf(metrics, request, reply.statusCode);
    metrics.observeRequest(labels, reply.elapsedTime / 1000);
    if (failed.has(request)) metrics.observeError(labels);
  });
}
