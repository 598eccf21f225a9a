// The Fastify instance every app is built on: its logger (logger.ts), who may tell it the client's
// address, its socket limits, and zod for validation.
import type { Server } from "node:http";

import Fastify, { type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";

import type { AppConfig } from "./config.ts";
import { loggerOptions, prettyStream, prettyWanted } from "./logger.ts";
import { RequestLogController } from "./request-log.ts";

export interface InstanceOptions {
  config: AppConfig;
  /** false: no log at all (tests that do not read it). */
  logger?: boolean;
  /** Where the log goes (tests read it); standard output otherwise, readable on a terminal. */
  logStream?: { write(line: string): void };
}

/** The log's destination: the given stream, else standard output, pretty on a terminal. */
function logStreamOf(options: InstanceOptions) {
  if (options.logStream) return { stream: options.logStream };
  if (prettyWanted(options.config.logFormat, process.stdout.isTTY === true))
    return { stream: prettyStream(1) };
  return {};
}

/**
 * The client's address comes from the socket unless TRUST_PROXY names the proxies in front
 * (docs/security.md): a header any client can write never chooses its rate-limit bucket. A hop
 * count trusts the nearest n proxies, as proxy-addr counts hops.
 */
function trustProxyOf(setting: AppConfig["trustProxy"]): FastifyHttpOptions<Server>["trustProxy"] {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

export function createFastify(options: InstanceOptions): FastifyInstance {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...loggerOptions(config.logLevel),
            ...logStreamOf(options),
          },
    // Successful requests at debug, slow or failed ones above (request-log.ts).
    logController: new RequestLogController(),
    trustProxy: trustProxyOf(config.trustProxy),
    // Slow clients never hold a socket (docs/security.md): the whole request within
    // REQUEST_TIMEOUT_MS, its headers within HEADERS_TIMEOUT_MS (Node checks both every
    // second here rather than every 30 s), an idle keep-alive connection closed after
    // KEEP_ALIVE_TIMEOUT_MS, and a socket silent for longer than a whole request closed too.
    requestTimeout: config.timeouts.request,
    connectionTimeout: config.timeouts.request + config.timeouts.headers,
    keepAliveTimeout: config.timeouts.keepAlive,
    http: { headersTimeout: config.timeouts.headers, connectionsCheckingInterval: 1000 },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are plain JSON.stringify: the zod response schemas document the API (OpenAPI) and
  // the integration tests check every response against them, without paying for it per request.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  return app;
}
