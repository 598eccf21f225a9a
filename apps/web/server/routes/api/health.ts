// GET /api/health: liveness for load balancers and a real database check (a read and a committed
// write, services/database-watchdog.ts). Registered in the API's health context, which the
// overload guard leaves alone.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { HealthSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../app/context.ts";
import type { DatabaseWatchdog } from "../../services/database-watchdog.ts";

export async function healthRoutes(
  app: FastifyInstance,
  options: { services: AppServices; watchdog: DatabaseWatchdog },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get("/health", {
    schema: {
      tags: ["system"],
      summary: "Liveness and database check (a read and a committed write)",
      response: { 200: HealthSchema, 503: HealthSchema },
    },
    handler: async (_request, reply) => {
      const database = options.services.databaseKind;
      if (await options.watchdog.probe()) return { status: "ok" as const, database };
      // The database is away or failing: a load balancer or client may ask again shortly.
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ status: "error" as const, database });
    },
  });
}
