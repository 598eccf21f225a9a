// The web pages and what sits beside them at the site's root (the sitemaps, the development
// mailbox), rendered by React Router last (docs/decisions/018-page-reuse.md, 019-first-paint.md).
// Their hooks, in order: a short text for a NUL in the address, the overload guard (an HTML
// answer), the XSRF check (a signed-out visitor's page load sets no cookie, so a CDN may keep it),
// the session, the reuse of signed-out pages, compression, and the pages' caching headers. Any
// address no other context serves ends here, so its 404 passes the same hooks.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";

import {
  appServicesContext,
  requestInfoContext,
  requestLoggerContext,
  requestSessionContext,
} from "../../app/context.ts";
import { registerSessionAuth } from "../plugins/auth.ts";
import { NUL_AS_TEXT, refuseNulAddresses, registerPlainNotFound } from "../plugins/bad-input.ts";
import { registerCompression } from "../plugins/compression.ts";
import { registerXsrfProtection } from "../plugins/csrf.ts";
import { SHED_AS_PAGE } from "../plugins/overload.ts";
import { reactRouter, type ReactRouterOptions } from "../plugins/react-router.ts";
import { registerPageCacheHeaders } from "../plugins/response-headers.ts";
import { devMailboxRoutes } from "../routes/dev-mailbox.ts";
import { seoRoutes } from "../routes/seo.ts";
import type { ServerServices } from "../services.ts";

/** How the pages are served: not at all (most tests), from the build, or through Vite (`--dev`). */
export type FrontendMode =
  | { kind: "none" }
  | { kind: "production"; buildDirectory?: string }
  | { kind: "development"; vite: ViteDevServer };

export interface PagesOptions {
  services: ServerServices;
  frontend: FrontendMode;
  /** The server build, loaded once (production); none without a front end or in development. */
  serverBuild?: ServerBuild;
  /** URLs per sitemap file (tests ask for small files). */
  sitemapUrlsPerFile?: number;
}

/** What every loader receives: the services, the request's nonce, session and logger. */
function loadContextOf(s: ServerServices) {
  return (request: FastifyRequest) => {
    const context = new RouterContextProvider();
    context.set(appServicesContext, s.app);
    context.set(requestInfoContext, { nonce: request.cspNonce, renders: s.pageRenders });
    context.set(requestSessionContext, {
      user: request.auth?.user ?? null,
      sessionId: request.auth?.sessionId ?? null,
      pendingSecondFactor: request.pendingSecondFactor
        ? { userId: request.pendingSecondFactor.user.id }
        : null,
    });
    context.set(requestLoggerContext, request.log);
    return context;
  };
}

/** The server build as Vite compiles it in development (its module runner, else ssrLoadModule). */
async function loadDevelopmentBuild(vite: ViteDevServer): Promise<ServerBuild> {
  const id = "virtual:react-router/server-build";
  const ssr = vite.environments.ssr as { runner?: { import(id: string): Promise<unknown> } };
  return (await (ssr.runner ? ssr.runner.import(id) : vite.ssrLoadModule(id))) as ServerBuild;
}

async function pageRoutes(pages: FastifyInstance, options: PagesOptions): Promise<void> {
  const { services: s, frontend } = options;
  await pages.register(seoRoutes, {
    services: s.app,
    ...(options.sitemapUrlsPerFile ? { sitemapUrlsPerFile: options.sitemapUrlsPerFile } : {}),
  });
  if (s.config.devMailbox !== "off")
    await pages.register(devMailboxRoutes, {
      services: s.app,
      access: s.config.devMailbox,
      prefix: "/dev",
    });
  const mode: ReactRouterOptions["mode"] =
    s.config.env === "production" ? "production" : "development";
  const shared = {
    mode,
    routeOptions: { schema: { hide: true } },
    getLoadContext: loadContextOf(s),
  };
  if (frontend.kind === "development") {
    const { vite } = frontend;
    // Vite compiles the app on demand and serves its files; the build is asked for each request.
    await pages.register(reactRouter, { ...shared, build: () => loadDevelopmentBuild(vite) });
  } else if (options.serverBuild) {
    await pages.register(reactRouter, { ...shared, build: options.serverBuild });
  }
}

export async function pagesContext(pages: FastifyInstance, options: PagesOptions): Promise<void> {
  const { services: s } = options;
  const { authSettings } = s;
  refuseNulAddresses(pages, NUL_AS_TEXT);
  s.overload.guard(pages, SHED_AS_PAGE);
  registerXsrfProtection(pages, {
    secureCookies: authSettings.secureCookies,
    publicBaseUrl: s.config.publicBaseUrl,
    cookieNames: authSettings.cookieNames,
    pages: true,
  });
  registerSessionAuth(pages, { db: s.database.db, settings: authSettings });
  // Before compression: a kept page is the uncompressed body, compressed per request.
  s.pageReuse.register(pages);
  await registerCompression(pages);
  registerPageCacheHeaders(pages, { cookieNames: authSettings.cookieNames });
  registerPlainNotFound(pages);
  await pageRoutes(pages, options);
}
