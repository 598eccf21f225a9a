// Every answered request counted by method, route pattern and status class, with its duration
// (docs/metrics.md): root hooks, so that every context's requests are counted, whichever answers.
// The route label is the pattern (metrics/route-label.ts), never the raw address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import type { Metrics, RequestLabels } from "../metrics/metrics.ts";
import { methodLabel, routeLabel, statusClass } from "../metrics/route-label.ts";

function labelsOf(metrics: Metrics, request: FastifyRequest, reply: FastifyReply): RequestLabels {
  return {
    method: methodLabel(request.method),
    route: routeLabel(
      { routePattern: request.routeOptions.url, url: request.url },
      metrics.pageRoutes,
    ),
    status_class: statusClass(reply.statusCode),
  };
}

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    metrics.observeRequest(labelsOf(metrics, request, reply), reply.elapsedTime / 1000);
  });
  app.addHook("onError", async (request, reply) => {
    metrics.observeError(labelsOf(metrics, request, reply));
  });
}
