import { describe, expect, it } from "vitest";

import { isHomePath, isSiteChromeHidden } from "./site-chrome-paths.ts";

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
