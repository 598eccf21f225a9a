// Wishlists API (docs/spec/discovery.md §7 wishlists/list, wishlists/create, wishlists/delete).
// Identity comes from the session, never from a request field: the spec's clients also name the
// owner by e-mail (`email` or `user`); any address other than the caller's own answers 404, never
// another list.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { NotFoundError } from "@studyatlas/core/errors.ts";
import {
  addToWishlist,
  listWishlist,
  removeFromWishlist,
} from "@studyatlas/core/wishlist/wishlists.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import { WISHLIST_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";
import {
  WishlistCreateSchema,
  WishlistCreatedSchema,
  WishlistDeleteSchema,
  WishlistDeletedSchema,
  WishlistListQuerySchema,
  WishlistListSchema,
} from "@studyatlas/schemas/engagement.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** The caller's user id; 404 when the request names another owner. */
function ownerOf(request: FastifyRequest, ...named: (string | undefined)[]): number {
  const { user } = signedInUser(request);
  for (const email of named) {
    if (email !== undefined && email !== "" && email.toLowerCase() !== user.email.toLowerCase()) {
      throw new NotFoundError(WISHLIST_MESSAGES.notYours);
    }
  }
  return Number(user.id);
}

export async function wishlistRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["wishlists"];

  api.get("/wishlists/list", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The signed-in user's saved programmes, newest first",
      querystring: WishlistListQuerySchema,
      response: { 200: WishlistListSchema, ...errors },
    },
    handler: async (request) => {
      const userId = ownerOf(request, request.query.email);
      const results = await listWishlist(db, userId, options.services.finderIndex);
      return { count: results.length, results };
    },
  });

  api.post("/wishlists/create", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Save a programme (201; saving it again answers 200 and changes nothing)",
      body: WishlistCreateSchema,
      response: { 200: WishlistCreatedSchema, 201: WishlistCreatedSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const userId = ownerOf(request, body.user, body.email);
      const entry = await addToWishlist(db, userId, body.course);
      return reply
        .code(entry.created ? 201 : 200)
        .send({ ...entry, message: WISHLIST_MESSAGES.added });
    },
  });

  api.delete("/wishlists/delete", {
    preValidation: [
      requireUser,
      // The spec sends a body with DELETE; some clients can only use the query.
      async (request: FastifyRequest) => {
        request.body = { ...(request.query as object), ...(request.body ?? {}) };
      },
    ],
    schema: {
      tags,
      summary: "Remove a programme (body or query: course, optional email)",
      body: WishlistDeleteSchema,
      response: { 200: WishlistDeletedSchema, ...errors },
    },
    handler: async (request) => {
      const { body } = request;
      const userId = ownerOf(request, body.email, body.user);
      const removed = await removeFromWishlist(db, userId, body.course);
      return { course: body.course, removed, message: WISHLIST_MESSAGES.removed };
    },
  });
}
