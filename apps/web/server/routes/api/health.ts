// GET /api/health: liveness for load balancers and a real database check (a read and a committed
// write, services/database-watchdog.ts). Registered in the API's health context, which the
// overload guard leaves alone. It reports the process's saturation too: its live sockets and
// requests in progress, and 503 "busy" while every request slot is taken (plugins/overload.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { HealthSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../app/context.ts";
import type { DatabaseWatchdog } from "../../services/database-watchdog.ts";

/** How loaded the process is: its live sockets, its requests in progress and their limit. */
export interface Saturation {
  sockets: number;
  requestsInFlight: number;
  requestLimit: number;
}

function saturationFields(saturation: Saturation | undefined) {
  if (!saturation) return {};
  const { sockets, requestsInFlight, requestLimit } = saturation;
  return { sockets, requests: { in_flight: requestsInFlight, limit: requestLimit } };
}

export async function healthRoutes(
  app: FastifyInstance,
  options: { services: AppServices; watchdog: DatabaseWatchdog; saturation?: () => Saturation },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get("/health", {
    schema: {
      tags: ["system"],
      summary: "Liveness and database check (a read and a committed write)",
      response: { 200: HealthSchema, 503: HealthSchema },
    },
    handler: async (_request, reply) => {
      const database = options.services.databaseKind;
      const load = saturationFields(options.saturation?.());
      if (!(await options.watchdog.probe())) {
        // The database is away or failing: a load balancer or client may ask again shortly.
        return reply
          .code(503)
          .header("retry-after", "5")
          .send({ status: "error" as const, database, ...load });
      }
      if (load.requests && load.requests.in_flight >= load.requests.limit) {
        return reply.code(503).send({ status: "busy" as const, database, ...load });
      }
      return { status: "ok" as const, database, ...load };
    },
  });
}
