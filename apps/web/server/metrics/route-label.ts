// The labels a request is counted under (docs/metrics.md, docs/decisions/047-metrics-and-traces.md):
// the route's pattern, never the raw address, so that the number of series stays bounded whatever
// addresses clients send. Fastify gives the pattern of its own routes (`/api/academics/course/:id`);
// the pages all go through React Router's one catch-all route (`*`), whose pattern is the React
// Router route the address matches (`/course/:slug`), found in the server build's route manifest.
import { LRUCache } from "lru-cache";
import { matchRoutes, type ServerBuild } from "react-router";

/** A request no route matched (Fastify's 404). */
export const UNMATCHED_ROUTE = "unmatched";
/** The pages' catch-all when no server build is known (development, tests without a front end). */
export const PAGES_ROUTE = "/*";
/** The client build's content-hashed files, one label for all of them. */
export const ASSETS_ROUTE = "/assets/*";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method, or `other` for anything a client may invent. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "other";
}

/** `2xx`, `4xx`, `5xx`... */
export function statusClass(statusCode: number): string {
  if (statusCode < 100 || statusCode > 599 || !Number.isInteger(statusCode)) return "other";
  return `${Math.floor(statusCode / 100)}xx`;
}

/** A page address's React Router pattern: `/course/abc` → `/course/:slug`. */
export type PageRouteMatcher = (pathname: string) => string;

/** The React Router single-fetch suffix: a navigation's loader data for the page (`/course/abc.data`). */
const DATA_SUFFIX = ".data";

/** Each route's whole path, its parents' paths joined before its own. */
function fullPaths(routes: ServerBuild["routes"]): string[] {
  const pathOf = (id: string, depth = 0): string => {
    const route = routes[id];
    if (!route || depth > 50) return "";
    const parent = route.parentId ? pathOf(route.parentId, depth + 1) : "";
    const own = route.path ?? "";
    if (own === "") return parent;
    return `${parent.replace(/\/+$/, "")}/${own.replace(/^\/+/, "")}`;
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    const route = routes[id];
    // Layout routes without a path of their own add nothing a child does not already match.
    if (!route || (route.path === undefined && !route.index)) continue;
    paths.add(pathOf(id) || "/");
  }
  return [...paths];
}

/**
 * The paths whose pattern is kept: `matchRoutes` flattens and ranks every route on each call
 * (about 0.3 ms, a few per cent of a page's server time), and most requests ask the same few paths
 * (`/coursefinder`, `/`); a bounded number, whatever addresses clients send.
 */
const KEPT_PATHS = 2_000;

/**
 * The matcher of a server build's routes. React Router ranks the patterns itself (a static
 * segment before a parameter before a splat), so the label is the route that renders the page.
 */
export function createPageRouteMatcher(routes: ServerBuild["routes"]): PageRouteMatcher {
  const patterns = fullPaths(routes).map((path) => ({ path }));
  const kept = new LRUCache<string, string>({ max: KEPT_PATHS });
  const match = (pathname: string): string => {
    const matches = matchRoutes(patterns, pathname);
    const path = matches?.at(-1)?.route.path;
    if (path === undefined) return PAGES_ROUTE;
    return path === "*" ? PAGES_ROUTE : path.startsWith("/") ? path : `/${path}`;
  };
  const patternOf = (pathname: string): string => {
    let pattern = kept.get(pathname);
    if (pattern === undefined) {
      pattern = match(pathname);
      kept.set(pathname, pattern);
    }
    return pattern;
  };
  return (pathname) => {
    if (pathname === "/_root.data") return `/${DATA_SUFFIX}`;
    if (pathname.endsWith(DATA_SUFFIX)) {
      return `${patternOf(pathname.slice(0, -DATA_SUFFIX.length))}${DATA_SUFFIX}`;
    }
    return patternOf(pathname);
  };
}

export interface RouteOfRequest {
  /** Fastify's pattern of the route that answered (`request.routeOptions.url`); none for a 404. */
  routePattern: string | undefined;
  /** The request's address (path and query). */
  url: string;
}

/** The route label of a request: bounded by the routes the app has, whatever the address. */
export function routeLabel(request: RouteOfRequest, pages?: PageRouteMatcher): string {
  const pattern = request.routePattern;
  if (pattern === undefined || pattern === "") return UNMATCHED_ROUTE;
  if (pattern.startsWith("/assets/")) return ASSETS_ROUTE;
  if (pattern !== "*" && pattern !== "/*") return pattern;
  if (!pages) return PAGES_ROUTE;
  const queryAt = request.url.indexOf("?");
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  return pages(pathname);
}
