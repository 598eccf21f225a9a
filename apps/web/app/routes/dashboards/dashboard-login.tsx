// Partner and sales sign-in: /dashboard/login, /dashboard/partner/login and /dashboard/sales/login
// (docs/spec/accounts-and-details.md §2 "Dashboard pages"; issue 13 item 2). A signed-in partner or
// sales agent goes straight to their dashboard.
import { redirect } from "react-router";

import { DASHBOARD_HOME } from "@studyatlas/schemas/dashboards.ts";

import { getSessionUser } from "../../context.ts";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { DashboardLoginForm } from "../../features/dashboards/dashboard-forms.tsx";
import styles from "../accounts/account-pages.module.css";
import type { Route } from "./+types/dashboard-login";

export function meta({ location }: Route.MetaArgs): Route.MetaDescriptors {
  const sales = location.pathname.startsWith("/dashboard/sales");
  return [
    { title: `${sales ? "Sales" : "Partner"} sign in — StudyAtlas` },
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const user = getSessionUser(context);
  if (user && (user.role === "partner" || user.role === "sales")) {
    throw redirect(DASHBOARD_HOME[user.role]);
  }
  return { sales: new URL(request.url).pathname.startsWith("/dashboard/sales") };
}

export default function DashboardLogin({ loaderData }: Route.ComponentProps) {
  const { sales } = loaderData;
  return (
    <AuthPageLayout>
      <h1 className={styles.title}>{sales ? "Sales sign in" : "Partner sign in"}</h1>
      <p className={styles.lead}>
        {sales
          ? "Sign in to review partner organisations and their numbers."
          : "Sign in to see your leads and numbers and to edit your programmes."}
      </p>
      <DashboardLoginForm {...(sales ? {} : { registerHref: "/dashboard/partner/register" })} />
    </AuthPageLayout>
  );
}
