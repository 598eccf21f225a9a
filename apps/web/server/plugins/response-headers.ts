// Headers every response carries beside helmet's (issue 15 item 16):
// - `Permissions-Policy`: the page uses no camera, microphone, location, payment or USB, and
//   opts out of interest groups; an injected script or frame cannot ask for them either.
// - `Cache-Control: no-store` on whatever carries account data or tokens: the account and
//   wishlist API, /settings, and every page a signed-in visitor gets (it shows their name and
//   saved programmes), unless the route chose a private cache itself (profile pictures). The
//   catalogue API carries no account data and stays cacheable.
// - The public pages a signed-out visitor reads may be kept by a CDN (page-cache-policy.ts).
import type { FastifyInstance } from "fastify";

import { STATIC_PREFIXES, type SessionCookieNames } from "./auth.ts";
import { publicPageCache, varyWithCookie } from "./page-cache-policy.ts";

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

const ACCOUNT_PATHS = ["/api/account/", "/api/wishlists/", "/auth/v1/", "/settings"];

export function registerResponseHeaders(
  app: FastifyInstance,
  options: { cookieNames: SessionCookieNames },
): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    const path = request.url.split("?")[0] ?? "";
    if (STATIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return payload;
    const accountData =
      (request.auth !== null && !path.startsWith("/api/")) ||
      ACCOUNT_PATHS.some((prefix) => path === prefix.replace(/\/$/, "") || path.startsWith(prefix));
    const chosen = String(reply.getHeader("cache-control") ?? "");
    if (accountData && !/\b(private|no-store)\b/.test(chosen)) {
      reply.header("cache-control", "no-store");
      return payload;
    }
    if (path.startsWith("/api/") || reply.statusCode !== 200) return payload;
    // Set by @fastify/cookie, which a request refused before it ran (bad-input.ts) never met.
    const cookies: Record<string, string | undefined> = request.cookies ?? {};
    const pageCache = publicPageCache({
      method: request.method,
      path,
      statusCode: reply.statusCode,
      signedIn: request.auth !== null,
      sessionCookie:
        cookies[options.cookieNames.access] !== undefined ||
        cookies[options.cookieNames.refresh] !== undefined,
      setsCookie: reply.getHeader("set-cookie") !== undefined,
      chosen,
    });
    if (pageCache) {
      reply.header("cache-control", pageCache);
      reply.header("vary", varyWithCookie(String(reply.getHeader("vary") ?? "")));
    }
    return payload;
  });
}
