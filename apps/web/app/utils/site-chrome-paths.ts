// Which pages show the site header and footer, and which header variant
// (docs/spec/accounts-and-details.md §2 route table; docs/spec/discovery.md §2 Header).

/** First path segments of the pages that have their own full-screen layout. */
const CHROME_HIDDEN_SEGMENTS = new Set([
  "dashboard",
  "welcome",
  "auth",
  "verify-email",
  "success-anim",
  "set-pw",
  "post-sign-up",
  "email-sent",
]);

function firstSegment(pathname: string): string {
  return pathname.split("/").find((segment) => segment !== "") ?? "";
}

export function isSiteChromeHidden(pathname: string): boolean {
  return CHROME_HIDDEN_SEGMENTS.has(firstSegment(pathname));
}

/** The dashboards' doors (and the team invitation's join page), which have the full-screen sign-in layout rather than the shell. */
const DASHBOARD_DOORS = new Set(["login", "register", "join"]);

/**
 * Pages drawn in the dashboard shell (DashboardShell), which has its own header, navigation and
 * `<main>`: the site chrome adds no second `<main>` around them (one main landmark per page).
 */
export function hasDashboardShell(pathname: string): boolean {
  const [first, area, page] = pathname.split("/").filter((segment) => segment !== "");
  if (first !== "dashboard" || (area !== "partner" && area !== "sales")) return false;
  return page === undefined || !DASHBOARD_DOORS.has(page);
}

/** `/` and `/home` get the home header (transparent over the hero). */
export function isHomePath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" || trimmed === "/home";
}
