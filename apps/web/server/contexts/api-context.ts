// The JSON API under /api (docs/decisions/004-api-conventions.md, 022-one-home-per-feature.md):
// its hooks live here, in the contexts they guard, rather than as exemptions by address in
// global hooks. Three contexts share the API's error answers, body parser and NUL guard:
// - the health check, never shed (load balancers must hear that the process is alive), which
//   still hands out the XSRF cookie like every API answer;
// - the programme view beacon, shed like any work but without the XSRF check, which a beacon
//   cannot pass (ADR 015; its session is read from a valid access token only, plugins/auth.ts);
// - everything else, in order: the overload guard (a shed request costs nothing more), cached
//   catalogue answers (a hit costs nothing more either), the XSRF check, the session, work after
//   the response, compression, then every feature's routes.
import type { FastifyInstance } from "fastify";

import { registerAfterResponse } from "../plugins/after-response.ts";
import { registerSessionAuth } from "../plugins/auth.ts";
import { NUL_AS_JSON, refuseNulAddresses } from "../plugins/bad-input.ts";
import { registerCatalogueCache } from "../plugins/catalogue-cache.ts";
import { registerCompression } from "../plugins/compression.ts";
import { registerXsrfProtection, xsrfRoutes } from "../plugins/csrf.ts";
import { registerApiErrorHandling } from "../plugins/errors.ts";
import { registerJsonBodyParser } from "../plugins/json-body.ts";
import { SHED_AS_JSON } from "../plugins/overload.ts";
import { healthRoutes } from "../routes/api/health.ts";
import { programmeViewRoutes } from "../routes/api/dashboards/programme-view.ts";
import { registerApiFeatures } from "../routes/api-features.ts";
import type { ServerServices } from "../services.ts";

function xsrfOptionsOf(s: ServerServices) {
  const { authSettings, config } = s;
  return {
    secureCookies: authSettings.secureCookies,
    publicBaseUrl: config.publicBaseUrl,
    cookieNames: authSettings.cookieNames,
    pages: false,
  };
}

type WithServices = { services: ServerServices };

async function healthContext(health: FastifyInstance, { services: s }: WithServices) {
  registerXsrfProtection(health, xsrfOptionsOf(s));
  await health.register(healthRoutes, {
    services: s.app,
    watchdog: s.watchdog,
    saturation: () => ({
      sockets: s.chatHub.size(),
      requestsInFlight: s.overload.inFlight(),
      requestLimit: s.config.maxConcurrentRequests,
    }),
  });
}

async function beaconContext(beacon: FastifyInstance, { services: s }: WithServices) {
  s.overload.guard(beacon, SHED_AS_JSON);
  registerSessionAuth(beacon, {
    db: s.database.db,
    settings: s.authSettings,
    cookies: "access-only",
  });
  await beacon.register(programmeViewRoutes, {
    services: s.app,
    visitorCountryHeader: s.config.visitorCountryHeader,
  });
}

async function workContext(api: FastifyInstance, { services: s }: WithServices) {
  s.overload.guard(api, SHED_AS_JSON);
  registerCatalogueCache(api, s.caches.answers);
  registerXsrfProtection(api, xsrfOptionsOf(s));
  registerSessionAuth(api, { db: s.database.db, settings: s.authSettings });
  registerAfterResponse(api);
  await registerCompression(api);
  await api.register(xsrfRoutes);
  await registerApiFeatures(api, s);
  api.get("/openapi.json", { schema: { hide: true } }, async () => api.swagger());
  // Unknown API paths answer JSON 404 here instead of falling through to the web pages.
  api.all("/*", { schema: { hide: true } }, async (request, reply) => reply.callNotFound());
}

export async function apiContext(api: FastifyInstance, options: WithServices): Promise<void> {
  refuseNulAddresses(api, NUL_AS_JSON);
  registerApiErrorHandling(api);
  registerJsonBodyParser(api);
  // A POST without a body validates as an empty object, so its schema names the missing
  // fields (the spec's "This field is required.") instead of "expected object".
  api.addHook("preValidation", async (request) => {
    request.body ??= {};
  });
  // Only the services: the prefix these options came with must not nest again.
  const { services } = options;
  await api.register(healthContext, { services });
  await api.register(beaconContext, { services });
  await api.register(workContext, { services });
}
