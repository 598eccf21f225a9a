// An organisation's team on the partner dashboard (docs/decisions/056-organisation-membership.md):
// every member reads the team; owners invite, change roles and remove; anyone may leave. The
// invitee opens the e-mailed link and accepts signed in, or signs up through it (the link proves
// the address). Another organisation's member or invitation answers 404.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import { getUser } from "@studyatlas/core/accounts/users.ts";
import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import {
  acceptTeamInvitation,
  changeMemberRole,
  inviteMember,
  listTeam,
  removeMember,
  revokeInvitation,
  signUpByInvitation,
  teamInvitation,
} from "@studyatlas/core/dashboards/members.ts";
import { TokenPairSchema } from "@studyatlas/schemas/accounts.ts";
import { DASHBOARD_HOME } from "@studyatlas/schemas/dashboards.ts";
import {
  AcceptTeamInvitationSchema,
  InvitationParamsSchema,
  InviteMemberSchema,
  MemberParamsSchema,
  MemberRoleSchema,
  TeamInvitationQuerySchema,
  TeamInvitationSchema,
  TeamSchema,
  TeamSignUpSchema,
} from "@studyatlas/schemas/organisation-team.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";
import type { AccountRouteOptions } from "../accounts/account-options.ts";
import { startSession } from "../accounts/start-session.ts";
import { approvedScope, DASHBOARD_ERRORS, dashboardUser, requireRole } from "./dashboard-guards.ts";

const tags = ["dashboard"];
const Redirect = z.object({ redirect_to: z.string() });

export async function teamRoutes(
  app: FastifyInstance,
  options: { services: AppServices; mailer: Mailer },
) {
  const { db, publicBaseUrl } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const partner = requireRole("partner");
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });

  api.get("/dashboard/partner/team", {
    preValidation: partner,
    schema: {
      tags,
      summary: "The organisation's members with their roles, and the open invitations",
      response: { 200: TeamSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => listTeam(db, await approvedScope(db, request)),
  });

  api.post("/dashboard/partner/team/invitations", {
    preValidation: partner,
    schema: {
      body: InviteMemberSchema,
      tags,
      summary: "Invite a teammate by e-mail with a role (owners only; replaces an open invitation)",
      response: { 201: TeamSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const scope = await approvedScope(db, request, "owner");
      await inviteMember(db, scope, { ...request.body, mailer: options.mailer, publicBaseUrl });
      return reply.code(201).send(await listTeam(db, scope));
    },
  });

  api.delete("/dashboard/partner/team/invitations/:id", {
    preValidation: partner,
    schema: {
      params: InvitationParamsSchema,
      tags,
      summary: "Withdraw an open invitation (owners only)",
      response: { 200: TeamSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const scope = await approvedScope(db, request, "owner");
      await revokeInvitation(db, scope, request.params.id);
      return listTeam(db, scope);
    },
  });

  api.put("/dashboard/partner/team/members/:id", {
    preValidation: partner,
    schema: {
      params: MemberParamsSchema,
      body: MemberRoleSchema,
      tags,
      summary: "Change a member's role (owners only; the last owner stays an owner)",
      response: { 200: TeamSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const scope = await approvedScope(db, request, "owner");
      await changeMemberRole(db, scope, { memberId: request.params.id, role: request.body.role });
      return listTeam(db, scope);
    },
  });

  api.delete("/dashboard/partner/team/members/:id", {
    preValidation: partner,
    schema: {
      params: MemberParamsSchema,
      tags,
      summary: "Remove a member (owners), or leave the organisation (yourself)",
      response: { 200: TeamSchema, 204: z.null(), ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const self = request.params.id === dashboardUser(request).id;
      // Leaving needs only membership; removing someone else needs an owner (core checks).
      const scope = await approvedScope(db, request, self ? "viewer" : "owner");
      await removeMember(db, scope, request.params.id);
      if (self) return reply.code(204).send(null);
      return listTeam(db, scope);
    },
  });
}

/** The invitation link's page and its two ways in: accept signed in, or sign up. */
export async function teamInvitationRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/dashboard/partner/invitation", {
    schema: {
      querystring: TeamInvitationQuerySchema,
      tags,
      summary: "The address, organisation and role of a team invitation (404 when not usable)",
      response: { 200: TeamInvitationSchema, ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      void reply.header("cache-control", "no-store");
      return teamInvitation(db, request.query.invitation);
    },
  });

  api.post("/dashboard/partner/invitation/accept", {
    preValidation: requireUser,
    schema: {
      body: AcceptTeamInvitationSchema,
      tags,
      summary: "Accept a team invitation as the signed-in partner of the invited address",
      response: { 200: Redirect, ...DASHBOARD_ERRORS },
    },
    handler: async (request) => {
      const user = await getUser(db, signedInUser(request).user.id);
      if (!user) throw new Error("the signed-in user has no row");
      await acceptTeamInvitation(db, { token: request.body.invitation, user });
      return { redirect_to: DASHBOARD_HOME.partner };
    },
  });

  api.post("/dashboard/partner/invitation/register", {
    schema: {
      body: TeamSignUpSchema,
      tags,
      summary: "Sign up through a team invitation (its e-mail is proven by the link); signs in",
      response: { 201: TokenPairSchema.partial().extend(Redirect.shape), ...DASHBOARD_ERRORS },
    },
    handler: async (request, reply) => {
      const created = await signUpByInvitation(db, {
        token: request.body.invitation,
        firstName: request.body.first_name,
        lastName: request.body.last_name,
        password: request.body.password,
      });
      const user = (await getUser(db, created.id)) ?? created;
      const session = await startSession(db, options.auth, request, reply, user, "password", {
        persistent: false,
      });
      return reply.code(201).send({ ...session, redirect_to: DASHBOARD_HOME.partner });
    },
  });
}
