import { describe, expect, it } from "vitest";

import { hasDashboardShell, isHomePath, isSiteChromeHidden } from "./site-chrome-paths.ts";

describe("isSiteChromeHidden", () => {
  it.each([
    "/dashboard/partner/login",
    "/welcome",
    "/auth",
    "/verify-email/a/b",
    "/success-anim",
    "/set-pw",
    "/post-sign-up",
    "/email-sent/",
  ])("hides the header and footer on %s", (pathname) => {
    expect(isSiteChromeHidden(pathname)).toBe(true);
  });

  it.each(["/", "/home", "/coursefinder", "/authors", "/course/auth", "/welcome-pack"])(
    "keeps them on %s (only the first segment counts, whole)",
    (pathname) => {
      expect(isSiteChromeHidden(pathname)).toBe(false);
    },
  );
});

describe("isHomePath", () => {
  it("is true for / and /home, with or without a trailing slash", () => {
    expect(["/", "/home", "/home/"].map(isHomePath)).toEqual([true, true, true]);
  });

  it("is false elsewhere", () => {
    expect(["/homes", "/home/x", "/explore"].map(isHomePath)).toEqual([false, false, false]);
  });
});

describe("hasDashboardShell", () => {
  it.each(["/dashboard/partner", "/dashboard/partner/leads/3", "/dashboard/sales/audit-log"])(
    "is true for the dashboard page %s (it draws its own <main>)",
    (pathname) => {
      expect(hasDashboardShell(pathname)).toBe(true);
    },
  );

  it.each([
    "/dashboard/partner/login",
    "/dashboard/partner/register",
    "/dashboard/sales/register",
    "/dashboard/partner/join",
    "/dashboard/login",
    "/dashboard/reset-pw",
    "/welcome",
  ])("is false for %s (the site's <main> is the page's only one)", (pathname) => {
    expect(hasDashboardShell(pathname)).toBe(false);
  });
});
