// Newsletter API (docs/spec/discovery.md §7 subscription/add; ADR 007): subscribe (201,
// alike for a known address, which gets no second row or e-mail) with a welcome e-mail carrying the one-click
// unsubscribe link, and the unsubscribe endpoint that link and mail clients (RFC 8058
// List-Unsubscribe-Post, a form-encoded POST without cookies) call. No sign-in needed.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { NotFoundError } from "@studyatlas/core/errors.ts";
import { newsletterWelcomeMessage, type Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { consumeLimit } from "@studyatlas/core/accounts/rate-limit.ts";
import { NEWSLETTER_IP_LIMIT } from "@studyatlas/core/newsletter/limits.ts";
import {
  subscribe,
  unsubscribe,
  unsubscribeApiUrl,
  unsubscribePageUrl,
} from "@studyatlas/core/newsletter/newsletter.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import { NEWSLETTER_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";
import {
  SubscriptionAnswerSchema,
  SubscriptionSchema,
  UnsubscribeAnswerSchema,
  UnsubscribeSchema,
} from "@studyatlas/schemas/engagement.ts";

import type { AppServices } from "../../../../app/context.ts";
import { runAfterResponse } from "../../../plugins/after-response.ts";
import { messageBody } from "../message-body.ts";

const errors = {
  400: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  429: ApiErrorSchema,
};

export async function subscriptionRoutes(
  app: FastifyInstance,
  options: { services: AppServices; mailer: Mailer },
) {
  const { services, mailer } = options;
  const { db, publicBaseUrl } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["subscription"];

  // Mail clients send the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  api.post("/subscription/add", {
    schema: {
      tags,
      summary:
        "Subscribe to the newsletter (201, the same answer whether or not the address was subscribed)",
      body: SubscriptionSchema,
      response: { 201: SubscriptionAnswerSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { body } = request;
      await consumeLimit(db, NEWSLETTER_IP_LIMIT, request.ip);
      // The answer never tells whether the address was on the list (no enumeration): the same
      // 201 either way. The row is stored before answering (nothing acknowledged is lost); the
      // welcome e-mail, for a new subscription only, goes out after the answer.
      const outcome = await subscribe(db, {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
      });
      if (outcome.status === "subscribed") {
        runAfterResponse(request, () =>
          mailer.send(
            newsletterWelcomeMessage(body.email, body.first_name, {
              explore: `${publicBaseUrl}/explore`,
              unsubscribePage: unsubscribePageUrl(publicBaseUrl, outcome.unsubscribeToken),
              unsubscribeOneClick: unsubscribeApiUrl(publicBaseUrl, outcome.unsubscribeToken),
            }),
          ),
        );
      }
      const answer = { email: body.email, first_name: body.first_name, last_name: body.last_name };
      return reply
        .code(201)
        .send(
          messageBody(NEWSLETTER_MESSAGES.success, { status: "subscribed" as const, ...answer }),
        );
    },
  });

  api.post("/subscription/unsubscribe", {
    // The token comes in the body (RFC 8058 one-click form) or the query (the e-mailed link).
    preValidation: async (request: FastifyRequest) => {
      const query = request.query as Record<string, unknown>;
      const body = (request.body as Record<string, unknown> | null) ?? {};
      request.body = { token: body.token ?? query.token };
    },
    schema: {
      tags,
      summary: "One-click unsubscribe with the token of a newsletter e-mail (query or body)",
      body: UnsubscribeSchema,
      response: { 200: UnsubscribeAnswerSchema, ...errors },
    },
    handler: async (request) => {
      const outcome = await unsubscribe(db, request.body.token);
      if (outcome === "invalid") {
        throw new NotFoundError(NEWSLETTER_MESSAGES.invalidUnsubscribeLink, {
          code: "invalid_unsubscribe_link",
        });
      }
      const text =
        outcome === "unsubscribed"
          ? NEWSLETTER_MESSAGES.unsubscribed
          : NEWSLETTER_MESSAGES.alreadyUnsubscribed;
      return messageBody(text, { status: outcome });
    },
  });
}
