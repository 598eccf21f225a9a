import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import {
  ASSETS_ROUTE,
  PAGES_ROUTE,
  UNMATCHED_ROUTE,
  createPageRouteMatcher,
  methodLabel,
  routeLabel,
  statusClass,
} from "./route-label.ts";

/** A manifest shaped like the server build's: a root layout, an index, children, a splat. */
function manifest(): ServerBuild["routes"] {
  const route = (id: string, path: string | undefined, extra: object = {}) => ({
    id,
    parentId: id === "root" ? undefined : "root",
    path,
    module: {},
    ...extra,
  });
  return {
    root: route("root", ""),
    "routes/home": route("routes/home", undefined, { index: true }),
    "home-alias": route("home-alias", "home"),
    "routes/course/course-detail": route("routes/course/course-detail", "course/:slug"),
    "finder-courses": route("finder-courses", "courses"),
    "finder-courses-discipline": route("finder-courses-discipline", "courses/:disciplineSlug"),
    "routes/accounts/verify-email": route(
      "routes/accounts/verify-email",
      "verify-email/:token1/:token2",
    ),
    "dashboard-partner-programme-new": route(
      "dashboard-partner-programme-new",
      "dashboard/partner/programmes/new",
    ),
    "dashboard-partner-programme": route(
      "dashboard-partner-programme",
      "dashboard/partner/programmes/:id",
    ),
    "routes/not-found": route("routes/not-found", "*"),
  } as unknown as ServerBuild["routes"];
}

describe("route labels", () => {
  const pages = createPageRouteMatcher(manifest());

  it("label a page by its React Router pattern, never by its address", () => {
    expect(pages("/course/msc-data-science-at-oxford")).toBe("/course/:slug");
    expect(pages("/course/another-one")).toBe("/course/:slug");
    expect(pages("/verify-email/abc/def")).toBe("/verify-email/:token1/:token2");
    expect(pages("/courses")).toBe("/courses");
    expect(pages("/courses/engineering")).toBe("/courses/:disciplineSlug");
    expect(pages("/")).toBe("/");
    expect(pages("/home")).toBe("/home");
  });

  it("prefer a static segment to a parameter, as React Router does", () => {
    expect(pages("/dashboard/partner/programmes/new")).toBe("/dashboard/partner/programmes/new");
    expect(pages("/dashboard/partner/programmes/17")).toBe("/dashboard/partner/programmes/:id");
  });

  it("put every unknown page under the one not-found label", () => {
    expect(pages("/no/such/page")).toBe(PAGES_ROUTE);
    expect(pages(`/${"x".repeat(5000)}`)).toBe(PAGES_ROUTE);
    expect(pages("/course/a/b/c")).toBe(PAGES_ROUTE);
  });

  it("label a navigation's loader data (.data) by its page's pattern", () => {
    expect(pages("/course/some-slug.data")).toBe("/course/:slug.data");
    expect(pages("/_root.data")).toBe("/.data");
  });

  it("use Fastify's pattern for its own routes and drop the query", () => {
    expect(
      routeLabel({ routePattern: "/api/academics/course/:id", url: "/api/academics/course/9?x=1" }),
    ).toBe("/api/academics/course/:id");
    expect(routeLabel({ routePattern: "*", url: "/course/abc?utm=1" }, pages)).toBe(
      "/course/:slug",
    );
  });

  it("give requests no route matched, the client build's files and pages without a build one label each", () => {
    expect(routeLabel({ routePattern: undefined, url: "/api/whatever/123" })).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ routePattern: "/assets/entry.client-AbC123.js", url: "/assets/x" })).toBe(
      ASSETS_ROUTE,
    );
    expect(routeLabel({ routePattern: "*", url: "/course/abc" })).toBe(PAGES_ROUTE);
  });

  it("keep methods and status classes to a known few", () => {
    expect(methodLabel("GET")).toBe("GET");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect(statusClass(200)).toBe("2xx");
    expect(statusClass(404)).toBe("4xx");
    expect(statusClass(503)).toBe("5xx");
    expect(statusClass(999)).toBe("other");
  });
});
