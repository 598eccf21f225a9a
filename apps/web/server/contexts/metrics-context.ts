// /metrics on the public port, only when METRICS_TOKEN is set and only to a Bearer of that token
// (docs/decisions/047-metrics-and-traces.md): 401 without it. Unset, the route does not exist and
// the address is the pages' 404 like any other. No session, cookie or overload guard: a scrape is
// the operator's, and must answer while the process is busiest.
import type { FastifyInstance } from "fastify";

import { bearerMatches, type MetricsSource } from "../metrics/metrics-server.ts";

export interface MetricsContextOptions {
  token: string | undefined;
  /** This process's registry, or (a worker of several) the primary's sum of every process. */
  source: MetricsSource;
}

export async function metricsContext(
  context: FastifyInstance,
  { token, source }: MetricsContextOptions,
): Promise<void> {
  if (token === undefined) return;
  context.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    void reply.header("cache-control", "no-store");
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .type("text/plain; charset=utf-8")
        .send("The metrics need Authorization: Bearer <METRICS_TOKEN>.\n");
    }
    const text = await source.render();
    return reply.type(source.contentType).send(text);
  });
}
