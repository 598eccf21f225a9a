// The dashboards' doors (docs/spec/accounts-and-details.md §2 "Dashboard pages";
// docs/decisions/016-organisations-and-dashboards.md): partner and sales sign-in with 'remember
// me', and sales registration by invitation. Partner registration is account/register_partner
// (registration.ts), which also creates the pending organisation
// (packages/core/src/accounts/users.ts createUser).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import { authenticate, getUser } from "@studyatlas/core/accounts/users.ts";
import { ForbiddenError } from "@studyatlas/core/errors.ts";
import {
  acceptSalesInvitation,
  salesInvitationEmail,
} from "@studyatlas/core/dashboards/sales-agents.ts";
import { TokenPairSchema } from "@studyatlas/schemas/accounts.ts";
import {
  DASHBOARD_HOME,
  DASHBOARD_MESSAGES,
  DASHBOARD_ROLES,
  DashboardLoginSchema,
  InvitationQuerySchema,
  SalesRegisterSchema,
  type DashboardRole,
} from "@studyatlas/schemas/dashboards.ts";
import { MfaRequiredSchema } from "@studyatlas/schemas/mfa.ts";

import { trustedUserId } from "../../../plugins/auth.ts";
import type { AccountRouteOptions } from "../accounts/account-options.ts";
import { startSession } from "../accounts/start-session.ts";
import { DASHBOARD_ERRORS } from "./dashboard-guards.ts";

const DashboardSessionSchema = TokenPairSchema.partial().extend({
  redirect_to: z.string(),
  /** The code is still owed (docs/decisions/014-two-factor.md). */
  mfa: MfaRequiredSchema.optional(),
});

const isDashboardRole = (role: string): role is DashboardRole =>
  (DASHBOARD_ROLES as readonly string[]).includes(role);

export async function dashboardDoorRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db } = options.services;
  const settings = options.auth;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["dashboard"];

  api.post("/dashboard/token", {
    schema: {
      body: DashboardLoginSchema,
      tags,
      summary:
        "Partner or sales sign-in; remember=true keeps the session 30 days, otherwise until the browser closes (at most 12 hours)",
      response: { 200: DashboardSessionSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const user = await authenticate(db, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        trustedUserId: trustedUserId(request, settings),
      });
      // Told only to someone who knew the password: students have no dashboard.
      if (!isDashboardRole(user.role)) {
        throw new ForbiddenError(DASHBOARD_MESSAGES.notDashboardUser, {
          code: "not_dashboard_user",
        });
      }
      const session = await startSession(db, settings, request, reply, user, "password", {
        persistent: request.body.remember,
      });
      return { ...session, redirect_to: DASHBOARD_HOME[user.role] };
    },
  });

  api.get("/dashboard/sales/invitation", {
    schema: {
      querystring: InvitationQuerySchema,
      tags,
      summary: "The address a sales invitation is for (404 when used, expired or unknown)",
      response: { 200: z.object({ email: z.string() }), ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return { email: await salesInvitationEmail(db, request.query.invitation) };
    },
  });

  api.post("/dashboard/sales/register", {
    schema: {
      body: SalesRegisterSchema,
      tags,
      summary:
        "Register as a sales agent with an invitation (its e-mail is proven by the link); signs in",
      response: { 201: DashboardSessionSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const created = await acceptSalesInvitation(db, {
        token: request.body.invitation,
        firstName: request.body.first_name,
        lastName: request.body.last_name,
        password: request.body.password,
      });
      const user = (await getUser(db, created.id)) ?? created;
      const session = await startSession(db, settings, request, reply, user, "password", {
        persistent: false,
      });
      return reply.code(201).send({ ...session, redirect_to: DASHBOARD_HOME.sales });
    },
  });
}
