// Who may use the dashboards' API (docs/decisions/016-organisations-and-dashboards.md "Scope"):
// every route is authorised from the session's user. A signed-out caller gets 401, a user of
// another role 403 on every dashboard path; what a partner may see is then narrowed to its
// organisation's schools by packages/core.
import type { FastifyRequest, preValidationAsyncHookHandler } from "fastify";

import { requireMemberRole } from "@studyatlas/core/dashboards/members.ts";
import { partnerScope, type PartnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import { ForbiddenError } from "@studyatlas/core/errors.ts";
import type { Database } from "@studyatlas/db/client.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import type { DashboardRole } from "@studyatlas/schemas/dashboards.ts";
import type { MemberRoleValue } from "@studyatlas/schemas/organisation-team.ts";

import { requireUser, signedInUser, type RequestAuth } from "../../../plugins/auth.ts";

export const DASHBOARD_ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};

const ROLE_MESSAGES: Record<DashboardRole, string> = {
  partner: "This page is for partner organisations.",
  sales: "This page is for StudyAtlas sales agents.",
};

/** preValidation guards: signed in (401), then of `role` (403), before the input is checked. */
export function requireRole(role: DashboardRole): preValidationAsyncHookHandler[] {
  return [
    requireUser,
    async (request) => {
      if (signedInUser(request).user.role !== role) {
        throw new ForbiddenError(ROLE_MESSAGES[role], { code: "wrong_role" });
      }
    },
  ];
}

/** The caller, in a route guarded by `requireRole`. */
export function dashboardUser(request: FastifyRequest): RequestAuth["user"] {
  return signedInUser(request).user;
}

const READS = new Set(["GET", "HEAD"]);

/**
 * The schools the caller may touch, in a route guarded by `requireRole("partner")`: its approved
 * organisation's, or 403 with the reason (pending, suspended, none). The member's role is checked
 * too (ADR 056): a read needs a viewer, any other method an editor, unless the route asks for
 * more (`needed`: the team and lead delivery need an owner). A viewer can never write by a route
 * that forgot to ask.
 */
export async function approvedScope(
  db: Database,
  request: FastifyRequest,
  needed?: MemberRoleValue,
): Promise<PartnerScope> {
  const scope = await partnerScope(db, dashboardUser(request).id);
  requireMemberRole(scope, needed ?? (READS.has(request.method) ? "viewer" : "editor"));
  return scope;
}
