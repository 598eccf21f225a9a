// The admin API (GoTrue's admin.go, invite.go, mail.go): for holders of a service-role key only
// (requireAdmin). Users are ours, ids are their integer ids as strings. Factor listing and removal
// read the two-factor tables (docs/decisions/014-two-factor.md).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { smsSettingsOf } from "@studyatlas/core/auth-service/phone-codes.ts";
import { listFactors } from "@studyatlas/core/accounts/mfa.ts";
import { adminDeleteFactor } from "@studyatlas/core/accounts/mfa-enrolment.ts";
import {
  adminCreateUser,
  adminDeleteUser,
  adminUpdateUser,
  generateLink,
  inviteUser,
  listUsers,
  requireUserById,
  sortDirectionOf,
  type GenerateLinkType,
} from "@studyatlas/core/auth-service/admin-users.ts";
import { AUTH_AUDIENCE, authUserOf } from "@studyatlas/core/auth-service/auth-user.ts";
import { ValidationError } from "@studyatlas/core/errors.ts";
import {
  AdminDeleteSchema,
  AdminGenerateLinkSchema,
  AdminInviteSchema,
  AdminListQuerySchema,
  AdminUserSchema,
  AuthFactorParamsSchema,
  AuthIdParamsSchema,
  AuthRedirectQuerySchema,
} from "@studyatlas/schemas/auth-service.ts";

import { AUTH_SERVICE_PREFIX, tokenKeysOf } from "../../plugins/auth.ts";
import { GoTrueHttpError } from "./gotrue-errors.ts";
import {
  AUTH_SERVICE_TAGS,
  allowedRedirect,
  authUserWithFactors,
  mailContext,
  requireAdmin,
  type AuthServiceOptions,
} from "./context.ts";

const GENERATE_LINK_TYPES: GenerateLinkType[] = [
  "signup",
  "invite",
  "magiclink",
  "recovery",
  "email_change_current",
  "email_change_new",
];

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;

function pageNumber(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw new ValidationError("Bad Pagination Parameters", { code: "validation_failed" });
  }
  return Math.min(Number(value), max);
}

const tags = [...AUTH_SERVICE_TAGS, "admin"];

export async function adminRoutes(app: FastifyInstance, options: AuthServiceOptions) {
  userListRoutes(app, options);
  userRoutes(app, options);
  factorRoutes(app, options);
  emailLinkRoutes(app, options);
}

/** GET /admin/users: a page of users, with GoTrue's X-Total-Count and Link headers. */
function userListRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/admin/users", {
    preValidation: requireAdmin(tokenKeysOf(options.auth)),
    schema: { querystring: AdminListQuerySchema, tags, summary: "List users, paged" },
    handler: async (request, reply) => {
      const page = pageNumber(request.query.page, 1, 1_000_000);
      const perPage = pageNumber(request.query.per_page, DEFAULT_PER_PAGE, MAX_PER_PAGE);
      const result = await listUsers(db, {
        page,
        perPage,
        filter: request.query.filter,
        direction: sortDirectionOf(request.query.sort),
      });
      const lastPage = Math.max(1, Math.ceil(result.total / perPage));
      // GoTrue's pagination.go: `page` first in each link, which is where auth-js reads it.
      const base = `${options.services.publicBaseUrl}${AUTH_SERVICE_PREFIX}/admin/users`;
      const links: string[] = [];
      if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
      reply.header("x-total-count", String(result.total)).header("link", links.join(", "));
      return { users: result.users.map(authUserOf), aud: AUTH_AUDIENCE };
    },
  });
}

/** A phone number while phones are off (the product's default, ADR 064). */
function refuseDisabledPhone(options: AuthServiceOptions, phone: string | undefined): void {
  if (phone && !smsSettingsOf(options.gotrue).enabled) {
    throw new GoTrueHttpError(400, "phone_provider_disabled", "Unsupported phone provider");
  }
}

/** Create, read, update and delete one user. */
function userRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin(tokenKeysOf(options.auth));

  api.post("/admin/users", {
    preValidation: admin,
    schema: { body: AdminUserSchema, tags, summary: "Create a user" },
    handler: async (request) => {
      const body = request.body;
      refuseDisabledPhone(options, body.phone);
      if (body.password_hash !== undefined) {
        throw new ValidationError("Importing password hashes is not supported", {
          code: "validation_failed",
        });
      }
      const user = await adminCreateUser(db, {
        email: body.email,
        password: body.password,
        emailConfirm: body.email_confirm,
        userMetadata: body.user_metadata,
        appMetadata: body.app_metadata,
        banDuration: body.ban_duration,
        passwordMinLength: options.gotrue?.passwordMinLength,
        phone: body.phone,
        phoneConfirm: body.phone_confirm,
      });
      return authUserOf(user);
    },
  });

  api.get("/admin/users/:id", {
    preValidation: admin,
    schema: { params: AuthIdParamsSchema, tags, summary: "A user" },
    handler: async (request) =>
      authUserWithFactors(db, await requireUserById(db, request.params.id)),
  });

  api.put("/admin/users/:id", {
    preValidation: admin,
    schema: { params: AuthIdParamsSchema, body: AdminUserSchema, tags, summary: "Update a user" },
    handler: async (request) => {
      const body = request.body;
      refuseDisabledPhone(options, body.phone);
      const user = await adminUpdateUser(db, request.params.id, {
        phone: body.phone,
        phoneConfirm: body.phone_confirm,
        email: body.email,
        password: body.password,
        emailConfirm: body.email_confirm,
        userMetadata: body.user_metadata,
        appMetadata: body.app_metadata,
        banDuration: body.ban_duration,
        passwordMinLength: options.gotrue?.passwordMinLength,
      });
      return authUserOf(user);
    },
  });

  api.delete("/admin/users/:id", {
    preValidation: admin,
    schema: {
      params: AuthIdParamsSchema,
      body: AdminDeleteSchema.optional(),
      tags,
      summary: "Delete a user",
    },
    handler: async (request) => {
      // Soft deletion is not kept apart here: both remove the account (ADR 013).
      await adminDeleteUser(db, request.params.id);
      return {};
    },
  });
}

/** A user's two-factor factors: listed, and removed for a user who lost the device. */
function factorRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin(tokenKeysOf(options.auth));

  api.get("/admin/users/:id/factors", {
    preValidation: admin,
    schema: { params: AuthIdParamsSchema, tags, summary: "A user's MFA factors" },
    handler: async (request) => listFactors(db, (await requireUserById(db, request.params.id)).id),
  });

  api.delete("/admin/users/:id/factors/:factorId", {
    preValidation: admin,
    schema: { params: AuthFactorParamsSchema, tags, summary: "Remove a user's MFA factor" },
    handler: async (request) =>
      adminDeleteFactor(db, {
        userId: (await requireUserById(db, request.params.id)).id,
        factorId: request.params.factorId,
      }),
  });
}

/** An invitation e-mailed, and links generated without sending them. */
function emailLinkRoutes(app: FastifyInstance, options: AuthServiceOptions): void {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin(tokenKeysOf(options.auth));

  api.post("/invite", {
    preValidation: admin,
    schema: {
      body: AdminInviteSchema,
      querystring: AuthRedirectQuerySchema,
      tags,
      summary: "Invite a user by e-mail",
    },
    handler: async (request) => {
      if (!request.body.email) {
        throw new ValidationError("Unable to validate email address: invalid format", {
          code: "email_address_invalid",
        });
      }
      const user = await inviteUser(
        db,
        { email: request.body.email, data: request.body.data ?? {} },
        mailContext(options, request, request.query.redirect_to),
      );
      return authUserOf(user);
    },
  });

  api.post("/admin/generate_link", {
    preValidation: admin,
    schema: {
      body: AdminGenerateLinkSchema,
      querystring: AuthRedirectQuerySchema,
      tags,
      summary: "Generate an e-mail link without sending it",
    },
    handler: async (request) => {
      const body = request.body;
      const type = GENERATE_LINK_TYPES.find((entry) => entry === body.type);
      if (!type) {
        throw new ValidationError("Invalid email action link type requested", {
          code: "validation_failed",
        });
      }
      if (!body.email) {
        throw new ValidationError("Unable to validate email address: invalid format", {
          code: "email_address_invalid",
        });
      }
      // auth-js sends redirectTo in the query, as GoTrue reads it; the body's is the older form.
      const redirectTo = allowedRedirect(options, request.query.redirect_to ?? body.redirect_to);
      const link = await generateLink(
        db,
        {
          type,
          email: body.email,
          password: body.password,
          newEmail: body.new_email,
          data: body.data ?? {},
          passwordMinLength: options.gotrue?.passwordMinLength,
        },
        {
          authBaseUrl: `${options.services.publicBaseUrl}${AUTH_SERVICE_PREFIX}`,
          redirectTo,
        },
      );
      return {
        ...authUserOf(link.user),
        action_link: link.actionLink,
        email_otp: link.emailOtp,
        hashed_token: link.hashedToken,
        verification_type: link.verificationType,
        redirect_to: redirectTo,
      };
    },
  });
}
