// Header, main content and footer around every page, except the pages with their own full-screen
// layout (docs/spec/accounts-and-details.md §2: dashboard, welcome, auth, ... hide both).
import type { ReactNode } from "react";
import { useLocation } from "react-router";

import { hasDashboardShell, isSiteChromeHidden } from "../../utils/site-chrome-paths.ts";
import { SiteFooter } from "../footer/site-footer.tsx";
import { SiteHeader } from "../header/site-header.tsx";

/**
 * `page`: the matched page renders (not an error page), so a dashboard page's own shell supplies
 * the `<main>` landmark.
 */
export function SiteChrome({ children, page = false }: { children: ReactNode; page?: boolean }) {
  const { pathname } = useLocation();

  if (page && hasDashboardShell(pathname)) return children;
  if (isSiteChromeHidden(pathname)) {
    return <main id="main-content">{children}</main>;
  }
  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
