// The partner dashboard /dashboard/partner (docs/decisions/016-organisations-and-dashboards.md,
// docs/decisions/015-programme-analytics.md): the organisation and, once it is approved, the
// Overview numbers of its schools for 7, 30 or 90 days (`?days=`), and the getting-started
// checklist until its steps are done or a member hides it (docs/decisions/056-organisation-membership.md
// "Getting started"). Signed out, or signed in with another role, the visitor is sent to the
// partner sign-in.
import { redirect } from "react-router";

import { loadAnalyticsOverview } from "@studyatlas/core/dashboards/analytics/overview.ts";
import { gettingStarted } from "@studyatlas/core/dashboards/getting-started.ts";
import { organisationOfUser } from "@studyatlas/core/dashboards/organisations.ts";
import type { Database } from "@studyatlas/db/client.ts";
import { AnalyticsOverviewQuerySchema } from "@studyatlas/schemas/analytics.ts";

import { getServices } from "../../context.ts";
import { AnalyticsOverviewPanel } from "../../features/dashboards/analytics-overview.tsx";
import {
  dashboardUserName,
  requireRole,
} from "../../features/dashboards/dashboard-guard.server.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import {
  CHECKLIST_HIDDEN_COOKIE,
  GettingStartedChecklist,
  type ChecklistState,
} from "../../features/dashboards/getting-started.tsx";
import { PartnerHome } from "../../features/dashboards/partner-home.tsx";
import type { Route } from "./+types/partner-dashboard";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Partner dashboard — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireRole(context, "partner");
  const { db } = getServices(context);
  const organisation = await organisationOfUser(db, user.id);
  if (!organisation) throw redirect("/dashboard/partner/login");
  const parsed = AnalyticsOverviewQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const days = parsed.success ? parsed.data.days : 30;
  const overview =
    organisation.status === "approved"
      ? await loadAnalyticsOverview(db, {
          schoolIds: organisation.schools.map((school) => school.id),
          days,
        })
      : null;
  return {
    organisation,
    overview,
    checklist: await checklistOf(db, request, organisation),
    userName: dashboardUserName(user),
  };
}

/** The checklist while a step is open and no member hid it in this browser; else null. */
async function checklistOf(
  db: Database,
  request: Request,
  organisation: NonNullable<Awaited<ReturnType<typeof organisationOfUser>>>,
): Promise<ChecklistState | null> {
  if (organisation.status !== "approved") return null;
  const hidden = (request.headers.get("cookie") ?? "")
    .split(";")
    .some((part) => part.trim() === `${CHECKLIST_HIDDEN_COOKIE}=${organisation.id}`);
  if (hidden) return null;
  const steps = await gettingStarted(db, organisation.id);
  if (steps.schoolProfile && steps.firstProgramme && steps.leadDelivery) return null;
  return { organisationId: organisation.id, role: organisation.role, ...steps };
}

export default function PartnerDashboard({ loaderData }: Route.ComponentProps) {
  const { organisation, overview } = loaderData;
  return (
    <DashboardShell
      title="Partner dashboard"
      userName={loaderData.userName}
      {...(organisation.status === "approved" ? { nav: PARTNER_NAV } : {})}
    >
      <PartnerHome organisation={organisation} />
      {loaderData.checklist && <GettingStartedChecklist state={loaderData.checklist} />}
      {overview && <AnalyticsOverviewPanel overview={overview} basePath="/dashboard/partner" />}
    </DashboardShell>
  );
}
