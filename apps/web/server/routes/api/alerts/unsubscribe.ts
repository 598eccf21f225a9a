// One-click unsubscribe from an alert (RFC 8058; docs/decisions/053-saved-searches-and-alerts.md):
// the e-mail's List-Unsubscribe-Post target (a form-encoded POST from the mail client, no cookies)
// and the button of the /alerts/unsubscribe page. Each token stops its own alert only.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { unsubscribeAlerts } from "@studyatlas/core/alerts/saved-searches.ts";
import {
  ALERT_MESSAGES,
  AlertUnsubscribeAnswerSchema,
  AlertUnsubscribeSchema,
} from "@studyatlas/schemas/alerts.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../../app/context.ts";

/** Every `token` of the query string, as the one-click address carries them. */
function queryTokens(request: FastifyRequest): string[] {
  const search = request.url.split("?")[1] ?? "";
  return new URLSearchParams(search).getAll("token");
}

export async function alertUnsubscribeRoutes(
  app: FastifyInstance,
  options: { services: AppServices },
) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Mail clients send the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  api.post("/alerts/unsubscribe", {
    // The tokens come in the query (the e-mailed address) or the body (the page's button).
    preValidation: async (request: FastifyRequest) => {
      const body = (request.body as Record<string, unknown> | null) ?? {};
      const fromQuery = queryTokens(request);
      request.body = { token: body.token ?? (fromQuery.length > 1 ? fromQuery : fromQuery[0]) };
    },
    schema: {
      tags: ["alerts"],
      summary: "One-click unsubscribe from the alerts of an e-mail (token in query or body)",
      body: AlertUnsubscribeSchema,
      response: {
        200: AlertUnsubscribeAnswerSchema,
        400: ApiErrorSchema,
        404: ApiErrorSchema,
      },
    },
    handler: async (request) => {
      const { token } = request.body;
      const alerts = await unsubscribeAlerts(db, Array.isArray(token) ? token : [token]);
      return { message: ALERT_MESSAGES.unsubscribed, status: "unsubscribed" as const, alerts };
    },
  });
}
