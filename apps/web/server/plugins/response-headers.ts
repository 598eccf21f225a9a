// Response headers by context (docs/security.md):
// - every response carries a Permissions-Policy that turns off the powerful features we never
//   use (the root context);
// - answers that carry account data or tokens are `Cache-Control: no-store` unless the route
//   chose a private cache itself (profile pictures): the API's account, wishlist and contact
//   routes, the auth service, and every page of a signed-in visitor or of the account's settings
//   (policies/page-cache-policy.ts); the catalogue API carries no account data and stays cacheable;
// - the public pages a signed-out visitor reads may be kept by a CDN (page-cache-policy.ts).
import type { FastifyInstance, FastifyReply } from "fastify";

import {
  isAccountPagePath,
  publicPageCache,
  varyWithCookie,
} from "../policies/page-cache-policy.ts";
import type { SessionCookieNames } from "./auth.ts";

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

export function registerPermissionsPolicy(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    return payload;
  });
}

/** Makes the answer `no-store` unless its route chose `private` or `no-store` itself. */
function noStore(reply: FastifyReply): void {
  const chosen = String(reply.getHeader("cache-control") ?? "");
  if (!/\b(private|no-store)\b/.test(chosen)) reply.header("cache-control", "no-store");
}

/** Every answer of `context` carries account data or tokens. */
export function registerNoStore(context: FastifyInstance): void {
  context.addHook("onSend", async (_request, reply, payload) => {
    noStore(reply);
    return payload;
  });
}

/** The pages' caching: no-store with a session or on the account's pages, public when allowed. */
export function registerPageCacheHeaders(
  pages: FastifyInstance,
  options: { cookieNames: SessionCookieNames },
): void {
  pages.addHook("onSend", async (request, reply, payload) => {
    const path = request.url.split("?")[0] ?? "";
    if (request.auth !== null || isAccountPagePath(path)) {
      noStore(reply);
      return payload;
    }
    if (reply.statusCode !== 200) return payload;
    // Set by @fastify/cookie, which a request refused before it ran (bad-input.ts) never met.
    const cookies: Record<string, string | undefined> = request.cookies ?? {};
    const pageCache = publicPageCache({
      method: request.method,
      path,
      statusCode: reply.statusCode,
      signedIn: false,
      sessionCookie:
        cookies[options.cookieNames.access] !== undefined ||
        cookies[options.cookieNames.refresh] !== undefined,
      setsCookie: reply.getHeader("set-cookie") !== undefined,
      chosen: String(reply.getHeader("cache-control") ?? ""),
    });
    if (pageCache) {
      reply.header("cache-control", pageCache);
      reply.header("vary", varyWithCookie(String(reply.getHeader("vary") ?? "")));
    }
    return payload;
  });
}
