// The partner dashboard /dashboard/partner (issue 13 item 3). Signed out, or signed in with
// another role, the visitor is sent to the partner sign-in.
import { redirect } from "react-router";

import { organisationOfUser } from "@studyatlas/core/organisations/organisations.ts";

import { getServices, getSessionUser } from "../../context.ts";
import { DashboardShell, PARTNER_NAV } from "../../features/dashboard/dashboard-shell.tsx";
import { PartnerHome } from "../../features/dashboard/partner-home.tsx";
import type { Route } from "./+types/partner-dashboard";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Partner dashboard — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = getSessionUser(context);
  if (!user || user.role !== "partner") throw redirect("/dashboard/partner/login");
  const organisation = await organisationOfUser(getServices(context).db, user.id);
  if (!organisation) throw redirect("/dashboard/partner/login");
  return { organisation, userName: `${user.firstName} ${user.lastName}` };
}

export default function PartnerDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell
      title="Partner dashboard"
      userName={loaderData.userName}
      {...(loaderData.organisation.status === "approved" ? { nav: PARTNER_NAV } : {})}
    >
      <PartnerHome organisation={loaderData.organisation} />
    </DashboardShell>
  );
}
