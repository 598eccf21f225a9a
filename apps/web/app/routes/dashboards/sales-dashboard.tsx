// The sales dashboard /dashboard/sales (issue 13 item 4). Sales agents only; anyone else is sent
// to the sales sign-in.
import { redirect } from "react-router";

import {
  listOrganisations,
  ORGANISATION_PAGE_SIZE,
} from "@studyatlas/core/dashboards/organisations.ts";
import { listSalesInvitations } from "@studyatlas/core/dashboards/sales-agents.ts";
import { OrganisationListQuerySchema } from "@studyatlas/schemas/dashboards.ts";

import { getServices, getSessionUser } from "../../context.ts";
import { DashboardShell, SALES_NAV } from "../../features/dashboards/dashboard-shell.tsx";
import { SalesHome } from "../../features/dashboards/sales-home.tsx";
import type { Route } from "./+types/sales-dashboard";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Sales dashboard — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = getSessionUser(context);
  if (!user || user.role !== "sales") throw redirect("/dashboard/sales/login");
  const parsed = OrganisationListQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  const query = parsed.success ? parsed.data : { page: 1 };
  const { db } = getServices(context);
  const [organisations, invitations] = await Promise.all([
    listOrganisations(db, query),
    listSalesInvitations(db),
  ]);
  return {
    organisations,
    invitations,
    status: query.status ?? null,
    q: query.q ?? "",
    page: query.page,
    pageSize: ORGANISATION_PAGE_SIZE,
    userName: `${user.firstName} ${user.lastName}`,
  };
}

export default function SalesDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell title="Sales dashboard" userName={loaderData.userName} nav={SALES_NAV}>
      <SalesHome data={loaderData} />
    </DashboardShell>
  );
}
