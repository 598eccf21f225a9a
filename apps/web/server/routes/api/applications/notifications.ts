// The student's notification settings and the notification e-mails' one-click unsubscribe
// (docs/decisions/057-student-loop.md). Settings and Web Push subscriptions are the session
// user's own (cookie or Bearer, under the XSRF rules); the unsubscribe needs no session, its
// random token names the student, and mail clients POST it as a form (RFC 8058).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import {
  getNotificationSettings,
  saveNotificationSettings,
  unsubscribeNotifications,
} from "@studyatlas/core/applications/notifications.ts";
import {
  forgetPushSubscription,
  savePushSubscription,
} from "@studyatlas/core/applications/push-subscriptions.ts";
import { NotFoundError, UnavailableError } from "@studyatlas/core/errors.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  NOTIFICATION_MESSAGES,
  NotificationSettingsAnswerSchema,
  NotificationSettingsSchema,
  NotificationUnsubscribedSchema,
  NotificationUnsubscribeSchema,
  PushEndpointSchema,
  PushSubscriptionSchema,
} from "@studyatlas/schemas/my-applications.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  503: ApiErrorSchema,
};
const tags = ["notifications"];

export async function notificationRoutes(
  app: FastifyInstance,
  options: { services: AppServices; pushPublicKey: string | undefined },
) {
  const { db } = options.services;
  const pushPublicKey = options.pushPublicKey ?? null;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Mail clients send the one-click unsubscribe as a form (RFC 8058).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  api.get("/notifications/settings", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The caller's notification e-mail settings and the Web Push key",
      response: { 200: NotificationSettingsAnswerSchema, ...errors },
    },
    handler: async (request) => {
      const settings = await getNotificationSettings(db, signedInUser(request).user.id);
      return { ...settings, push_public_key: pushPublicKey };
    },
  });

  api.put("/notifications/settings", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Turn the unread-reply digest and the status e-mails on or off",
      body: NotificationSettingsSchema,
      response: { 200: NotificationSettingsAnswerSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const settings = await saveNotificationSettings(db, user.id, request.body);
      return { ...settings, push_public_key: pushPublicKey };
    },
  });

  api.post("/notifications/unsubscribe", {
    // The token and kind come in the body (RFC 8058 one-click form) or the query (the link).
    preValidation: async (request: FastifyRequest) => {
      const query = request.query as Record<string, unknown>;
      const body = (request.body as Record<string, unknown> | null) ?? {};
      request.body = { token: body.token ?? query.token, kind: body.kind ?? query.kind };
    },
    schema: {
      tags,
      summary: "One-click unsubscribe with the token of a notification e-mail",
      body: NotificationUnsubscribeSchema,
      response: { 200: NotificationUnsubscribedSchema, ...errors },
    },
    handler: async (request) => {
      const outcome = await unsubscribeNotifications(db, request.body.token, request.body.kind);
      if (outcome === "invalid") {
        throw new NotFoundError(NOTIFICATION_MESSAGES.invalidLink, { code: "invalid_link" });
      }
      const message =
        outcome === "unsubscribed"
          ? NOTIFICATION_MESSAGES.unsubscribed
          : NOTIFICATION_MESSAGES.alreadyUnsubscribed;
      return { message, status: outcome };
    },
  });

  pushRoutes(app, db, pushPublicKey);
}

/** Web Push opt-in and opt-out of the caller's browser. */
function pushRoutes(app: FastifyInstance, db: AppServices["db"], pushPublicKey: string | null) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post("/notifications/push", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Opt this browser in to Web Push (its PushSubscription)",
      body: PushSubscriptionSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      if (!pushPublicKey) {
        throw new UnavailableError(NOTIFICATION_MESSAGES.pushUnavailable, {
          code: "push_unavailable",
        });
      }
      await savePushSubscription(db, signedInUser(request).user.id, request.body);
      return reply.code(204).send(null);
    },
  });

  api.delete("/notifications/push", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Opt a browser out of Web Push",
      body: PushEndpointSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await forgetPushSubscription(db, signedInUser(request).user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  });
}
