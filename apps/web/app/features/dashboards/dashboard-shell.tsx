// The frame of the signed-in dashboards (docs/decisions/016-organisations-and-dashboards.md): no
// site header or footer (§2 hides them under /dashboard), a bar with the logo, the dashboard's
// name, who is signed in and 'Sign out'.
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";

import { signOut } from "../../auth/account-api.ts";
import { Logo } from "../../components/logo/logo.tsx";
import styles from "./dashboard.module.css";
import shellStyles from "./dashboard-shell.module.css";

/** The partner dashboard's sections. */
export const PARTNER_NAV = [
  { to: "/dashboard/partner", label: "Overview", end: true },
  { to: "/dashboard/partner/programmes", label: "Programmes", end: false },
  { to: "/dashboard/partner/leads", label: "Leads", end: false },
  { to: "/dashboard/partner/school", label: "School profile", end: false },
  { to: "/dashboard/partner/settings", label: "Lead delivery", end: false },
  { to: "/dashboard/partner/team", label: "Team", end: false },
  { to: "/dashboard/partner/audit-log", label: "History", end: false },
  { to: "/dashboard/partner/synonyms", label: "Synonyms", end: false },
] as const;

/** The sales dashboard's sections. */
export const SALES_NAV = [
  { to: "/dashboard/sales", label: "Organisations", end: true },
  { to: "/dashboard/sales/numbers", label: "Numbers", end: false },
  { to: "/dashboard/sales/audit-log", label: "History", end: false },
  { to: "/dashboard/sales/synonyms", label: "Synonyms", end: false },
] as const;

export function DashboardShell({
  title,
  userName,
  nav,
  children,
}: {
  title: string;
  userName: string;
  nav?: readonly { to: string; label: string; end: boolean }[];
  children: ReactNode;
}) {
  return (
    <div className={shellStyles.shell}>
      <header className={shellStyles.bar}>
        <Link to="/" className={shellStyles.logo} aria-label="StudyAtlas home">
          <Logo />
        </Link>
        <span className={shellStyles.barTitle}>{title}</span>
        <span className={shellStyles.barUser}>
          <span className={shellStyles.userName}>{userName}</span>
          <button type="button" className={shellStyles.signOut} onClick={() => void signOut()}>
            Sign out
          </button>
        </span>
      </header>
      {nav && (
        <nav aria-label={title} className={shellStyles.sections}>
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={shellStyles.section}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      )}
      <main className={shellStyles.main} id="main">
        {children}
      </main>
    </div>
  );
}

const STATUS_LABELS = { pending: "Pending", approved: "Approved", suspended: "Suspended" } as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS_LABELS }) {
  return (
    <span className={styles.badge} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
