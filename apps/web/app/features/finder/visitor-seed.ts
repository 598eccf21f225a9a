// The visitor's seed of the random order (docs/spec-notes.md, Course finder: "Random keeps one
// seed per visitor session").
//
// Random order must not repeat or skip programmes from one page to the next, so it needs the
// same seed on every page a visitor sees. The seed lives in a session cookie (no Max-Age: it
// ends with the browser session) that the loader sets on the visitor's first finder page and
// reads on every later request, document or data alike — so the server render, client-side
// navigations and the no-JavaScript page links all agree, and the URL stays clean. A `seed` in
// the URL (a shared link) wins over the cookie.
//
// The default order is not random but by name (relevance when there is free text): a first
// visit, a crawler without cookies and a shared link then all see the same, stable pages.
import { useEffect } from "react";

import { parseSeed, randomSeed } from "@studyatlas/core/finder/random-seed.ts";
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

const SEED_COOKIE = "finder_seed";

function seedFromCookie(header: string | null): number | undefined {
  return parseSeed(new RegExp(`(?:^|;\\s*)${SEED_COOKIE}=(\\d+)(?:;|$)`).exec(header ?? "")?.[1]);
}

/**
 * The visitor's seed from the request's cookies, else a new one, with the cookie that keeps it
 * when the page is in random order without a seed of its own.
 *
 * The seed is created on the visitor's first finder page, whatever its order, so that it already
 * exists when they switch to random order: creating it only then raced with the concurrent data
 * requests of that switch, which could each pick a different seed. A page in another order sets no
 * cookie, so a CDN may keep it (page-cache-policy.ts): the browser draws its seed when the finder
 * first shows (useVisitorSeed), and a visitor without JavaScript gets one with their first page in
 * random order.
 */
export function visitorSeedOf(
  cookieHeader: string | null,
  query: { ordering?: string | undefined; seed?: number | undefined },
): { seed: number; setCookie?: string } {
  const kept = seedFromCookie(cookieHeader);
  if (kept !== undefined) return { seed: kept };
  const seed = randomSeed();
  return query.ordering === "random" && query.seed === undefined
    ? { seed, setCookie: `${SEED_COOKIE}=${seed}; Path=/; SameSite=Lax` }
    : { seed };
}

/**
 * Draws the visitor's seed in the browser on the first finder page, before they can switch to
 * random order: the concurrent data requests of that switch then all carry the same seed.
 */
export function useVisitorSeed(): void {
  useEffect(() => {
    if (seedFromCookie(document.cookie) !== undefined) return;
    const seed = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % MAX_INT4;
    document.cookie = `${SEED_COOKIE}=${seed}; Path=/; SameSite=Lax`;
  }, []);
}
