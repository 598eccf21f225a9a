// Who may open a dashboard page (docs/spec/accounts-and-details.md §2 "Dashboard pages"): the one
// guard of the dashboards' page loaders, as `requireRole` in routes/api/dashboards/dashboard-guards.ts
// is the API's. A page answers with a redirect rather than the API's 401/403: a signed-out visitor,
// a student or the other dashboard role goes to the role's sign-in; a partner whose organisation is
// pending, suspended or missing goes to the partner home page, which says why.
import { redirect, type RouterContextProvider } from "react-router";

import type { SessionUser } from "@studyatlas/core/accounts/sessions.ts";
import { roleAllows } from "@studyatlas/core/dashboards/members.ts";
import { partnerScope, type PartnerScope } from "@studyatlas/core/dashboards/organisations.ts";
import { ForbiddenError } from "@studyatlas/core/errors.ts";
import { DASHBOARD_HOME, type DashboardRole } from "@studyatlas/schemas/dashboards.ts";
import type { MemberRoleValue } from "@studyatlas/schemas/organisation-team.ts";

import { getServices, getSessionUser } from "../../context.ts";

type LoaderContext = Readonly<RouterContextProvider>;

/** Each role's sign-in page, where a visitor without that role is sent. */
const SIGN_IN_OF: Record<DashboardRole, string> = {
  partner: "/dashboard/partner/login",
  sales: "/dashboard/sales/login",
};

/** The signed-in user of `role`; anyone else is sent to that role's sign-in. */
export function requireRole(context: LoaderContext, role: DashboardRole): SessionUser {
  const user = getSessionUser(context);
  if (!user || user.role !== role) throw redirect(SIGN_IN_OF[role]);
  return user;
}

/**
 * The schools an approved partner may see (partnerScope). A partner without an approved
 * organisation, or whose role is below `needed` (ADR 056), is sent to /dashboard/partner.
 */
export async function requireApprovedScope(
  context: LoaderContext,
  user: SessionUser,
  needed: MemberRoleValue = "viewer",
): Promise<PartnerScope> {
  let scope: PartnerScope;
  try {
    scope = await partnerScope(getServices(context).db, user.id);
  } catch (error) {
    if (error instanceof ForbiddenError) throw redirect(DASHBOARD_HOME.partner);
    throw error;
  }
  if (!roleAllows(scope.role, needed)) throw redirect(DASHBOARD_HOME.partner);
  return scope;
}

/** A signed-in partner or sales agent has no use for a sign-in page: it goes to its dashboard. */
export function redirectDashboardUserHome(context: LoaderContext): void {
  const user = getSessionUser(context);
  if (user && (user.role === "partner" || user.role === "sales")) {
    throw redirect(DASHBOARD_HOME[user.role]);
  }
}

/** The name the dashboard's header shows. */
export function dashboardUserName(user: SessionUser): string {
  return `${user.firstName} ${user.lastName}`;
}
