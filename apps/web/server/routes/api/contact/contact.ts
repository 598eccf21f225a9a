// Contact API (docs/spec/accounts-and-details.md §7 POST account/create_contact): the message is stored and
// mailed to SUPPORT_EMAIL through the outbox. Rate-limited per sender address and per network.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { consumeLimit } from "@studyatlas/core/accounts/rate-limit.ts";
import { createContactMessage } from "@studyatlas/core/contact/contact.ts";
import { CONTACT_LIMITS } from "@studyatlas/core/contact/limits.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import { CONTACT_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";
import { ContactAnswerSchema, ContactSchema } from "@studyatlas/schemas/engagement.ts";

import type { AppServices } from "../../../../app/context.ts";
import { messageBody } from "../message-body.ts";

export async function contactRoutes(
  app: FastifyInstance,
  options: { services: AppServices; mailer: Mailer },
) {
  const { services, mailer } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post("/account/create_contact", {
    schema: {
      tags: ["account"],
      summary: "Send a message to the support team (201)",
      body: ContactSchema,
      response: {
        201: ContactAnswerSchema,
        400: ApiErrorSchema,
        403: ApiErrorSchema,
        429: ApiErrorSchema,
      },
    },
    handler: async (request, reply) => {
      const { body } = request;
      await consumeLimit(services.db, CONTACT_LIMITS.contactIp, request.ip);
      await consumeLimit(services.db, CONTACT_LIMITS.contactAddress, body.email);
      const { id } = await createContactMessage(
        services.db,
        mailer,
        { ...body, userId: request.auth ? Number(request.auth.user.id) : null },
        {
          supportEmail: services.support.email,
          publicBaseUrl: services.publicBaseUrl,
        },
      );
      return reply.code(201).send(messageBody(CONTACT_MESSAGES.success, { id }));
    },
  });
}
