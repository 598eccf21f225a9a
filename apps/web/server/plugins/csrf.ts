// XSRF double-submit (engineering guide §5; the spec's HTTP defaults): every response gives the
// browser an `XSRF-TOKEN` cookie it can read; a mutating request (POST, PUT, PATCH, DELETE) that
// carries our session cookies must echo it in the `X-XSRF-TOKEN` header, or it answers 403.
// A cross-site page can make the browser send our cookies but cannot read them to set the header.
// Requests with an Authorization header carry their credential explicitly and need no token.
// Applies to every path (API, auth service and pages), so any later mutation is covered.
import type { FastifyInstance } from "fastify";

import { safeEqual, randomToken } from "@studyatlas/core/accounts/secrets.ts";
import { XSRF_COOKIE, XSRF_HEADER } from "@studyatlas/schemas/account-rules.ts";

import { ACCESS_COOKIE, REFRESH_COOKIE, STATIC_PREFIXES } from "./auth.ts";
import { apiError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const XSRF_FAILED_MESSAGE =
  "This request is missing its security token (X-XSRF-TOKEN). Please reload the page and try again.";

export function registerXsrfProtection(
  app: FastifyInstance,
  options: { secureCookies: boolean },
): void {
  app.addHook("onRequest", async (request, reply) => {
    // Static files stay cookie-free, so shared caches keep them.
    if (STATIC_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), {
        path: "/",
        httpOnly: false,
        sameSite: "lax",
        secure: options.secureCookies,
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.authorization) return;
    const cookieAuthenticated =
      request.cookies[ACCESS_COOKIE] !== undefined || request.cookies[REFRESH_COOKIE] !== undefined;
    if (!cookieAuthenticated) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!cookie || !sent || !safeEqual(cookie, sent)) {
      return reply
        .code(403)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(apiError("xsrf_failed", XSRF_FAILED_MESSAGE)));
    }
  });
}
