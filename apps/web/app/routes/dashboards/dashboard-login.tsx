// Partner and sales sign-in: /dashboard/login, /dashboard/partner/login and /dashboard/sales/login
// (docs/spec/accounts-and-details.md §2 "Dashboard pages"; ADR 016,
// docs/decisions/016-organisations-and-dashboards.md). A signed-in partner or sales agent goes
// straight to their dashboard.
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { DashboardLoginForm } from "../../features/dashboards/dashboard-forms.tsx";
import { redirectDashboardUserHome } from "../../features/dashboards/dashboard-guard.server.ts";
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
  redirectDashboardUserHome(context);
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
