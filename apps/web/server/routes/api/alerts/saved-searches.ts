// Saved searches and their alerts (docs/decisions/053-saved-searches-and-alerts.md): the signed-in
// student's own only — another student's search answers 404. Writes are cookie-authenticated
// mutations under the API's XSRF check, like every other /api write.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  deleteSavedSearch,
  getWishlistAlerts,
  listSavedSearches,
  markSavedSearchSeen,
  saveSearch,
  updateSavedSearch,
  updateWishlistAlerts,
} from "@studyatlas/core/alerts/saved-searches.ts";
import {
  ALERT_MESSAGES,
  SavedSearchAnswerSchema,
  SavedSearchCreateSchema,
  SavedSearchListSchema,
  SavedSearchParamsSchema,
  SavedSearchUpdateSchema,
  WishlistAlertsUpdateSchema,
} from "@studyatlas/schemas/alerts.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import { z } from "zod";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

const WishlistAlertsSchema = z.object({
  message: z.string(),
  deadline_reminders: z.boolean(),
  change_alerts: z.boolean(),
});

export async function savedSearchRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { db, finderIndex } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["alerts"];
  const userIdOf = (request: Parameters<typeof signedInUser>[0]) =>
    Number(signedInUser(request).user.id);

  api.get("/saved-searches", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The signed-in student's saved searches with their new-match counts",
      response: { 200: SavedSearchListSchema, ...errors },
    },
    handler: async (request) => {
      const userId = userIdOf(request);
      const [results, wishlist] = await Promise.all([
        listSavedSearches(db, userId, { finder: finderIndex }),
        getWishlistAlerts(db, userId),
      ]);
      return { results, wishlist_alerts: wishlist };
    },
  });

  api.post("/saved-searches", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Save a finder search (its query string), named from its filters unless named",
      body: SavedSearchCreateSchema,
      response: { 201: SavedSearchAnswerSchema, ...errors },
    },
    handler: async (request, reply) => {
      const saved = await saveSearch(db, userIdOf(request), request.body, { finder: finderIndex });
      return reply.code(201).send({ message: ALERT_MESSAGES.saved, saved_search: saved });
    },
  });

  api.patch("/saved-searches/:id", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Rename a saved search or set how often it alerts (instant, daily, weekly, off)",
      params: SavedSearchParamsSchema,
      body: SavedSearchUpdateSchema,
      response: { 200: SavedSearchAnswerSchema, ...errors },
    },
    handler: async (request) => {
      const { body } = request;
      const saved = await updateSavedSearch(db, userIdOf(request), request.params.id, body, {
        finder: finderIndex,
      });
      const message = body.name !== undefined ? ALERT_MESSAGES.renamed : ALERT_MESSAGES.updated;
      return { message, saved_search: saved };
    },
  });

  api.delete("/saved-searches/:id", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Delete a saved search and its alert",
      params: SavedSearchParamsSchema,
      response: { 200: z.object({ message: z.string() }), ...errors },
    },
    handler: async (request) => {
      await deleteSavedSearch(db, userIdOf(request), request.params.id);
      return { message: ALERT_MESSAGES.deleted };
    },
  });

  api.post("/saved-searches/:id/seen", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The student opens the search: its new-match count starts again",
      params: SavedSearchParamsSchema,
      response: { 200: z.object({ path: z.string() }), ...errors },
    },
    handler: async (request) => markSavedSearchSeen(db, userIdOf(request), request.params.id),
  });

  api.patch("/alerts/wishlist", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Turn the wishlist's deadline reminders or price and date change alerts on or off",
      body: WishlistAlertsUpdateSchema,
      response: { 200: WishlistAlertsSchema, ...errors },
    },
    handler: async (request) => {
      const settings = await updateWishlistAlerts(db, userIdOf(request), request.body);
      return { message: ALERT_MESSAGES.updated, ...settings };
    },
  });
}
