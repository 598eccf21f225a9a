// XSRF double-submit (docs/decisions/006-sessions-and-tokens.md; the spec's HTTP defaults): every
// API response (and every response to a visitor with a session) gives the browser an
// `XSRF-TOKEN` cookie it can read; a signed-out visitor's page loads set no cookie, so a CDN may
// keep them (policies/page-cache-policy.ts), and the web app fetches `GET /api/xsrf` before its
// first call; a mutating request (POST, PUT, PATCH, DELETE) that carries our session cookies must
// echo it in the `X-XSRF-TOKEN` header, or it answers 403. A cross-site page can make the browser
// send our cookies but cannot read them to set the header.
// A request that carries a Bearer token is authenticated by it alone (plugins/auth.ts never reads
// its cookies), so it needs no XSRF token; any other Authorization header does not exempt it.
// As a second line, a cookie-carrying mutation the browser marks as cross-site
// (`Sec-Fetch-Site: cross-site` or `same-site`), or whose `Origin` is neither PUBLIC_BASE_URL's
// nor the request's own, answers 403 even with a matching token.
// Registered in the contexts that read cookies (the API and the pages); the contexts that never
// do are left without it: static files and media (they stay cookie-free, so shared caches keep
// them), the auth service (Bearer tokens only, and Supabase clients send no XSRF header;
// docs/decisions/013-auth-service.md) and the programme view beacon (it cannot send the header;
// routes/api/dashboards/programme-view.ts, ADR 015).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { safeEqual, randomToken } from "@studyatlas/core/accounts/secrets.ts";
import { XSRF_COOKIE, XSRF_HEADER } from "@studyatlas/schemas/account-rules.ts";

import { bearerToken, type SessionCookieNames } from "./auth.ts";
import { apiError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const XSRF_FAILED_MESSAGE =
  "This request is missing its security token (X-XSRF-TOKEN). Please reload the page and try again.";

export const CROSS_SITE_MESSAGE =
  "This request came from another site, so it was refused. Please use StudyAtlas directly.";

/** Whether a browser says the request came from a page of another origin. */
export function crossOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

function refuse(reply: FastifyReply, code: string, message: string) {
  return reply
    .code(403)
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(apiError(code, message)));
}

export interface XsrfOptions {
  secureCookies: boolean;
  publicBaseUrl: string;
  cookieNames: SessionCookieNames;
  /**
   * The pages: a signed-out visitor's page load (GET, HEAD, OPTIONS without a session cookie)
   * gets no cookie. The API hands the cookie to every response.
   */
  pages: boolean;
}

export function registerXsrfProtection(context: FastifyInstance, options: XsrfOptions): void {
  const publicOrigin = new URL(options.publicBaseUrl).origin;
  context.addHook("onRequest", async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const cookieAuthenticated =
      request.cookies[options.cookieNames.access] !== undefined ||
      request.cookies[options.cookieNames.refresh] !== undefined;
    const anonymousPageLoad =
      options.pages && SAFE_METHODS.has(request.method) && !cookieAuthenticated;
    if (!cookie && !anonymousPageLoad) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), {
        path: "/",
        httpOnly: false,
        sameSite: "lax",
        secure: options.secureCookies,
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    if (bearerToken(request)) return;
    if (!cookieAuthenticated) return;
    if (crossOrigin(request, publicOrigin)) {
      return refuse(reply, "cross_site_request", CROSS_SITE_MESSAGE);
    }
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!cookie || !sent || !safeEqual(cookie, sent)) {
      return refuse(reply, "xsrf_failed", XSRF_FAILED_MESSAGE);
    }
  });
}

/** `GET /api/xsrf`: hands out the XSRF cookie (the API's hook sets it) to a page served without one. */
export async function xsrfRoutes(api: FastifyInstance): Promise<void> {
  api.get("/xsrf", { schema: { hide: true } }, async (_request, reply) => {
    return reply.header("cache-control", "no-store").code(204).send();
  });
}
