import { describe, expect, it } from "vitest";

import {
  isPublicPagePath,
  PUBLIC_PAGE_CACHE,
  publicPageCache,
  varyWithCookie,
  type PageResponseFacts,
} from "./page-cache-policy.ts";

const anonymous = (path: string, change: Partial<PageResponseFacts> = {}): PageResponseFacts => ({
  method: "GET",
  path,
  statusCode: 200,
  signedIn: false,
  sessionCookie: false,
  setsCookie: false,
  chosen: "",
  ...change,
});

describe("public page cache", () => {
  it("the catalogue and site pages, and their data requests, are public pages", () => {
    for (const path of [
      "/",
      "/home",
      "/_root.data",
      "/coursefinder",
      "/coursefinder.data",
      "/graduate",
      "/graduate/business",
      "/course/msc-data-science-x",
      "/course/msc-data-science-x.data",
      "/school/x",
      "/countries",
      "/countries/united-kingdom",
      "/about",
      "/faq",
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
  });

  it("account, token and unknown pages are not", () => {
    for (const path of [
      "/settings",
      "/auth",
      "/welcome",
      "/email-sent",
      "/verify-email/a/b",
      "/set-pw",
      "/dashboard/reset-pw",
      "/newsletter/unsubscribe",
      "/post-sign-up",
      "/course",
      "/course/a/b",
      "/chat/1",
      "/no-such-page",
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });

  it("marks a signed-out visitor's public page for shared caches", () => {
    expect(publicPageCache(anonymous("/course/x"))).toBe(PUBLIC_PAGE_CACHE);
    expect(PUBLIC_PAGE_CACHE).toMatch(/\bs-maxage=\d+/);
    expect(PUBLIC_PAGE_CACHE).toMatch(/\bstale-while-revalidate=\d+/);
    expect(publicPageCache(anonymous("/", { method: "HEAD" }))).toBe(PUBLIC_PAGE_CACHE);
  });

  it("never for a signed-in visitor, a session cookie, a cookie set, an error or a chosen policy", () => {
    for (const change of [
      { signedIn: true },
      { sessionCookie: true },
      { setsCookie: true },
      { statusCode: 404 },
      { statusCode: 500 },
      { method: "POST" },
      { chosen: "no-store" },
    ] satisfies Partial<PageResponseFacts>[]) {
      expect(publicPageCache(anonymous("/course/x", change)), JSON.stringify(change)).toBe(
        undefined,
      );
    }
  });

  it("varies on Cookie, Accept-Encoding and Accept-Language (the currency's guess), once each", () => {
    expect(varyWithCookie("")).toBe("accept-encoding, cookie, accept-language");
    expect(varyWithCookie("accept-encoding")).toBe("accept-encoding, cookie, accept-language");
    expect(varyWithCookie("Accept-Encoding, Cookie, Accept-Language")).toBe(
      "Accept-Encoding, Cookie, Accept-Language",
    );
  });
});
