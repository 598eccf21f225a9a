import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { HealthSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../app/context.ts";

export async function healthRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get("/health", {
    schema: {
      tags: ["system"],
      summary: "Liveness and database check",
      response: { 200: HealthSchema },
    },
    handler: async () => {
      // A round trip proves the database answers, not just that the process is up.
      await options.services.db.execute(sql`select 1`);
      return { status: "ok" as const, database: options.services.databaseKind };
    },
  });
}
