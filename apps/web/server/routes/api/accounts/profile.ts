// The signed-in user's account and profile, and other users' public fields
// (docs/spec/accounts-and-details.md §7 account/detail, get_user, user/referral, change_password,
// update_user_profile, profile_pic).
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import {
  changePassword,
  getAccountDetail,
  getProfilePicture,
  getUserByReferralCode,
  updateProfile,
} from "@studyatlas/core/accounts/users.ts";
import { getVisibleUser } from "@studyatlas/core/accounts/visible-users.ts";
import { NotFoundError } from "@studyatlas/core/errors.ts";
import { MESSAGES, PROFILE_PICTURE_MAX_BYTES } from "@studyatlas/schemas/account-rules.ts";
import {
  AccountDetailSchema,
  ChangePasswordSchema,
  MessageSchema,
  ProfileUpdateSchema,
  PublicUserSchema,
  ReferralParamsSchema,
  UserIdParamsSchema,
} from "@studyatlas/schemas/accounts.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import { requireUser, signedInUser } from "../../../plugins/auth.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";
import { messageBody } from "../message-body.ts";
import { profilePictureOf, readProfileForm } from "./profile-form.ts";

export async function profileRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 40, fieldSize: 4096 },
  });

  api.get("/account/detail", {
    preValidation: requireUser,
    schema: {
      tags: ACCOUNT_TAGS,
      summary: "The signed-in user's account",
      response: { 200: AccountDetailSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request) => getAccountDetail(db, signedInUser(request).user.id),
  });

  api.get("/account/get_user/:id", {
    preValidation: requireUser,
    schema: {
      tags: ACCOUNT_TAGS,
      summary:
        "The public fields of the caller or of someone they share a chat or an application with (404 for anyone else)",
      params: UserIdParamsSchema,
      response: { 200: PublicUserSchema, 404: ApiErrorSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request) =>
      getVisibleUser(db, signedInUser(request).user.id, request.params.id),
  });

  api.get("/account/user/referral/:code", {
    schema: {
      tags: ACCOUNT_TAGS,
      summary: "The user a referral code belongs to (public fields)",
      params: ReferralParamsSchema,
      response: { 200: PublicUserSchema, 404: ApiErrorSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request) => getUserByReferralCode(db, request.params.code),
  });

  api.patch("/account/change_password", {
    preValidation: requireUser,
    schema: {
      body: ChangePasswordSchema,
      tags: ACCOUNT_TAGS,
      summary: "Change the password (needs the current one); signs out other sessions",
      response: { 200: MessageSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request) => {
      const { user, sessionId } = signedInUser(request);
      await changePassword(db, {
        userId: user.id,
        sessionId,
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
      });
      return messageBody(MESSAGES.passwordChanged);
    },
  });

  api.patch("/account/update_user_profile", {
    preValidation: [requireUser, readProfileForm],
    schema: {
      body: ProfileUpdateSchema,
      tags: ACCOUNT_TAGS,
      summary:
        "Update the signed-in user's profile (multipart form, optional profile_pic image up to 2 MB)",
      response: {
        200: AccountDetailSchema,
        413: ApiErrorSchema,
        415: ApiErrorSchema,
        ...ACCOUNT_ERRORS,
      },
    },
    handler: async (request) =>
      updateProfile(db, signedInUser(request).user.id, request.body, profilePictureOf(request)),
  });

  api.get("/account/profile_pic/:id", {
    // Signed-in users only, like the public fields that link to it (get_user).
    preValidation: requireUser,
    schema: {
      tags: ACCOUNT_TAGS,
      summary: "A user's profile picture",
      params: UserIdParamsSchema,
      hide: true,
    },
    handler: async (request, reply) => {
      const picture = await getProfilePicture(db, request.params.id);
      if (!picture) throw new NotFoundError("This user has no profile picture.");
      return reply
        .header("cache-control", "private, max-age=86400")
        .header("content-security-policy", "default-src 'none'")
        .type(picture.contentType)
        .send(picture.data);
    },
  });
}
