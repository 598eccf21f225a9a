// Which responses a CDN may keep (docs/architecture.md, "Scaling out"). The public pages a signed-out visitor reads
// (home, finder, programme, school, country and the site pages) carry
// `Cache-Control: public, max-age=0, s-maxage=60, stale-while-revalidate=600` and
// `Vary: Accept-Encoding, Cookie, Accept-Language` (the student's currency is guessed from the
// browser's languages; docs/decisions/052-my-currency-and-compare.md): a shared cache keeps them for a minute and may serve a stale
// copy for ten more while it fetches a fresh one; browsers always ask again. Anything else keeps
// the route's own choice, and nothing that a signed-in visitor gets, or that sets a cookie, is
// ever marked public (docs/decisions/023-caching-public-pages-by-a-cdn.md).
import { FINDER_SEARCH_PATHS, FINDER_VARIANTS } from "../../app/features/finder/finder-route.ts";

export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

const SITE_PAGES = [
  "",
  "home",
  "countries",
  "about",
  "explore",
  "discipline",
  "contact-us",
  "faq",
  "terms",
  "privacy",
  "disclaimer",
];
/** Pages under a first segment with one slug: /course/{slug}, /school/{slug}, /countries/{name}. */
const DETAIL_PREFIXES = new Set<string>(["course", "school", "countries"]);
/** The finder's paths, alone or with a discipline slug. */
const FINDER_PATHS = new Set<string>([
  ...FINDER_SEARCH_PATHS,
  ...FINDER_VARIANTS.map((variant) => variant.path),
]);

/** The account's own pages (and their `.data`): never kept anywhere, signed in or not. */
const ACCOUNT_PAGES = ["/settings"];

export function isAccountPagePath(path: string): boolean {
  return ACCOUNT_PAGES.some((page) => path.startsWith(page));
}

/** The path of a public page or of its React Router data request (`/course/x.data`). */
export function isPublicPagePath(path: string): boolean {
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  const trimmed = page.replace(/^\/+|\/+$/g, "");
  if (trimmed === "_root") return true;
  if (SITE_PAGES.includes(trimmed)) return true;
  const [first, ...rest] = trimmed.split("/");
  if (FINDER_PATHS.has(first ?? "")) return rest.length <= 1;
  return rest.length === 1 && DETAIL_PREFIXES.has(first ?? "");
}

export interface PageResponseFacts {
  method: string;
  path: string;
  statusCode: number;
  /** A session (cookie or Bearer) was recognised for the request. */
  signedIn: boolean;
  /** The request carried a session cookie, even one that no longer holds. */
  sessionCookie: boolean;
  /** The response sets a cookie. */
  setsCookie: boolean;
  /** The route chose a Cache-Control itself. */
  chosen: string;
}

/** The Cache-Control a page response should carry, or undefined to keep what it has. */
export function publicPageCache(facts: PageResponseFacts): string | undefined {
  if (facts.method !== "GET" && facts.method !== "HEAD") return undefined;
  if (facts.signedIn || facts.sessionCookie || facts.setsCookie) return undefined;
  if (facts.statusCode !== 200) return undefined;
  if (facts.chosen !== "") return undefined;
  return isPublicPagePath(facts.path) ? PUBLIC_PAGE_CACHE : undefined;
}

/**
 * `Vary` with `accept-encoding`, `cookie` and `accept-language` added once to whatever the response already varies
 * on. Added in lower case: @fastify/compress, which runs after, looks for `accept-encoding` case
 * sensitively and would name it a second time.
 */
export function varyWithCookie(current: string): string {
  const names = current
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === "accept-encoding")) {
    names.push("accept-encoding");
  }
  for (const header of ["cookie", "accept-language"]) {
    if (!names.some((name) => name.toLowerCase() === header)) names.push(header);
  }
  return names.join(", ");
}
