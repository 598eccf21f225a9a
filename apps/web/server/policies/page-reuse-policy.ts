// Which rendered pages a process may keep and answer again until the catalogue changes
// (docs/decisions/018-page-reuse.md). Pure rules, so that each is unit-tested; the plugin
// (plugins/page-reuse.ts) applies them.
//
// A response is reused only when nothing about the visitor went into it: a GET of a public page
// (the pages a CDN may keep, page-cache-policy.ts) by a request with no session of any kind (no
// session cookie, valid or not, no session owing its second factor, no Authorization header),
// answered 200 without setting a cookie. The other request inputs a page reads are the
// finder's `finder_seed` cookie, which orders a random list (it joins the key when the address
// asks for random order), and what the student's currency is resolved from, the currency cookie
// and Accept-Language (they join every key; docs/decisions/052-my-currency-and-compare.md).
import { isPublicPagePath } from "./page-cache-policy.ts";

/** The finder's seed cookie (routes/finder/finder.tsx). */
export const FINDER_SEED_COOKIE = "finder_seed";

export interface PageRequestFacts {
  method: string;
  /** Path and query, as received. */
  url: string;
  /** A session (cookie or Bearer) was recognised for the request. */
  signedIn: boolean;
  /** A session that gave its password but still owes its second factor. */
  pendingSecondFactor: boolean;
  /** The request carried a session cookie, even one that no longer holds. */
  sessionCookie: boolean;
  /** The request carried an Authorization header. */
  authorization: boolean;
  /** The finder's seed cookie, when the request carried one. */
  finderSeed: string | undefined;
  /** The currency cookie and the Accept-Language header, as sent ('' when absent). */
  currencyInputs?: { cookie: string; acceptLanguage: string };
}

/** The key a reusable page request is kept under, or undefined when it must be rendered afresh. */
export function pageReuseKey(facts: PageRequestFacts): string | undefined {
  if (facts.method !== "GET") return undefined;
  if (facts.signedIn || facts.pendingSecondFactor || facts.sessionCookie || facts.authorization) {
    return undefined;
  }
  const [path = "", query = ""] = facts.url.split("?", 2);
  if (!isPublicPagePath(path)) return undefined;
  // A random order without a seed in the address follows the visitor's seed cookie.
  const random = /random/i.test(decodeQuery(query));
  const { cookie = "", acceptLanguage = "" } = facts.currencyInputs ?? {};
  const key =
    cookie || acceptLanguage
      ? `${facts.url}\u0000currency=${cookie}\u0000lang=${acceptLanguage}`
      : facts.url;
  return random ? `${key}\u0000seed=${facts.finderSeed ?? ""}` : key;
}

function decodeQuery(query: string): string {
  try {
    return decodeURIComponent(query.replace(/\+/g, " "));
  } catch {
    return query;
  }
}

export interface PageResponseFacts {
  statusCode: number;
  /** The response sets a cookie. */
  setsCookie: boolean;
  /** The response's Cache-Control as the route chose it ('' when none). */
  cacheControl: string;
}

/** Whether a rendered answer to a reusable request may be kept. */
export function isReusableResponse(facts: PageResponseFacts): boolean {
  if (facts.statusCode !== 200 || facts.setsCookie) return false;
  return !/\b(private|no-store|no-cache)\b/i.test(facts.cacheControl);
}

/** The response headers kept with a page (the rest are the server's own, set per request). */
export const KEPT_HEADERS = ["content-type", "x-remix-response", "cache-control", "vary", "link"];

/**
 * A rendered page cut at its CSP nonce, so that each reuse carries the nonce of the request it
 * answers (the Content-Security-Policy header is per request): script tags carry the nonce as
 * `nonce="…"` and nothing else in a page can contain a fresh random nonce.
 */
export function splitAtNonce(body: string, nonce: string): string[] {
  if (nonce === "") return [body];
  return body.split(`nonce="${nonce}"`);
}

export function joinWithNonce(parts: readonly string[], nonce: string): string {
  return parts.join(`nonce="${nonce}"`);
}
