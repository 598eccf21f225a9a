// POST /api/academics/course/create_interest (docs/spec/accounts-and-details.md §7, §4 "Application
// form", §8 "Application"; docs/decisions/012-applications-and-live-chat.md): stores the signed-in
// student's application and opens its chat with the advisor. 201 {message, application_id,
// chat_id}; 400 with field errors; 404 for a programme that is unknown or not public; 409 for a
// second application to it; 503 while the advisor account (ADVISOR_USER_ID) does not exist. The
// programme's organisation is e-mailed the new lead after the answer
// (docs/decisions/016-organisations-and-dashboards.md "Lead delivery").
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { createApplication } from "@studyatlas/core/applications/applications.ts";
import { notifyNewLead } from "@studyatlas/core/dashboards/leads.ts";
import { enqueueLeadWebhook } from "@studyatlas/core/dashboards/webhooks.ts";
import {
  APPLICATION_MESSAGES,
  ApplicationCreatedSchema,
  ApplicationSchema,
} from "@studyatlas/schemas/applications.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../../app/context.ts";
import { runAfterResponse } from "../../../plugins/after-response.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";
import type { WebhookWorker } from "../dashboards/webhook-worker.ts";

export async function createInterestRoutes(
  app: FastifyInstance,
  options: {
    services: AppServices;
    advisorUserId: number;
    mailer: Mailer;
    webhooks: WebhookWorker;
  },
) {
  const { db, publicBaseUrl } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post("/academics/course/create_interest", {
    preValidation: requireUser,
    schema: {
      tags: ["applications"],
      summary: "Apply to a programme: stores the application and opens its chat with the advisor",
      body: ApplicationSchema,
      response: {
        201: ApplicationCreatedSchema,
        400: ApiErrorSchema,
        401: ApiErrorSchema,
        403: ApiErrorSchema,
        404: ApiErrorSchema,
        409: ApiErrorSchema,
        503: ApiErrorSchema,
      },
    },
    handler: async (request, reply) => {
      const { user } = signedInUser(request);
      const created = await createApplication(db, user.id, request.body, {
        advisorUserId: options.advisorUserId,
      });
      // The organisation of the programme's school hears of its new lead at once.
      runAfterResponse(request, async () => {
        if (await enqueueLeadWebhook(db, created.applicationId)) options.webhooks.kick();
        await notifyNewLead(db, created.applicationId, { mailer: options.mailer, publicBaseUrl });
      });
      return reply.code(201).header("cache-control", "no-store").send({
        message: APPLICATION_MESSAGES.submitted,
        application_id: created.applicationId,
        chat_id: created.chatId,
      });
    },
  });
}
