// Serves repeated catalogue API requests from memory (docs/decisions/009-finder-speed.md).
// Routes opt in with `config: { catalogueCache: true }`. A 200 answer's JSON body is kept under
// its full URL (the body's next/previous links carry the host), and the same URL is then answered
// before validation, the session and the database. The cache empties whenever the catalogue
// changes (the catalogue-change event, services/catalogue-caches.ts). Registered in the API
// context before compression, so that it keeps the uncompressed JSON.
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";

import type { CatalogueCache } from "@studyatlas/core/catalogue/catalogue-cache.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** This GET route's 200 answers depend only on the URL and the catalogue. */
    catalogueCache?: boolean;
  }
  interface FastifyRequest {
    /** The cache generation when the request arrived; -1 when it must not be cached. */
    catalogueCacheGeneration: number;
  }
}

function cacheKey(request: FastifyRequest): string {
  // Answers depend on the path and query only (links are built on PUBLIC_BASE_URL), so a client's
  // Host header can neither split nor poison the cache.
  return `body:${request.url}`;
}

/** An onRoute hook for plugins whose GET routes all answer from the catalogue alone. */
export function cacheCatalogueAnswers(route: RouteOptions): void {
  if (route.method === "GET" || (Array.isArray(route.method) && route.method.includes("GET")))
    route.config = { ...route.config, catalogueCache: true };
}

/** This answer depends on more than the URL (for example a random seed drawn for it). */
export function doNotCache(request: FastifyRequest): void {
  request.catalogueCacheGeneration = -1;
}

export function registerCatalogueCache(app: FastifyInstance, cache: CatalogueCache): void {
  app.decorateRequest("catalogueCacheGeneration", -1);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || request.routeOptions.config.catalogueCache !== true) return;
    const body = cache.get<string>(cacheKey(request));
    if (body !== undefined) {
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("x-cache", "hit")
        .send(body);
    }
    request.catalogueCacheGeneration = cache.generation;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.catalogueCacheGeneration < 0 || reply.statusCode !== 200) return payload;
    if (typeof payload === "string") {
      cache.set(cacheKey(request), payload, payload.length * 2, request.catalogueCacheGeneration);
      void reply.header("x-cache", "miss");
    }
    return payload;
  });
}
