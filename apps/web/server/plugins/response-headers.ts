// Headers every response carries beside helmet's (issue 15 item 16):
// - `Permissions-Policy`: the page uses no camera, microphone, location, payment or USB, and
//   opts out of interest groups; an injected script or frame cannot ask for them either.
// - `Cache-Control: no-store` on whatever carries account data or tokens: the account and
//   wishlist API, /settings, and every page a signed-in visitor gets (it shows their name and
//   saved programmes), unless the route chose a private cache itself (profile pictures). The
//   catalogue API carries no account data and stays cacheable.
import type { FastifyInstance } from "fastify";

import { STATIC_PREFIXES } from "./auth.ts";

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

const ACCOUNT_PATHS = ["/api/account/", "/api/wishlists/", "/auth/v1/", "/settings"];

export function registerResponseHeaders(app: FastifyInstance): void {
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
    }
    return payload;
  });
}
