// In-process reuse of rendered anonymous pages (issue 14 item 3, docs/decisions/018-page-reuse.md).
// A public page (HTML or its `.data`) rendered for a request without any session is kept in a
// bounded memory cache under its address and answered again, with the asking request's own CSP
// nonce, until the catalogue changes (the `catalogue_changed` notice empties it, as it empties the
// answer cache) or a minute has passed. Concurrent requests for the same page that is not kept
// yet share one render. A client that accepts gzip gets the page gzipped once, not per answer. The rules are in page-reuse-policy.ts; PAGE_REUSE_MB=0 turns it off.
import type { Readable } from "node:stream";

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import type { CatalogueCache } from "@studyatlas/core/catalogue/catalogue-cache.ts";

import type { SessionCookieNames } from "./auth.ts";
import { varyWithCookie } from "./page-cache-policy.ts";
import { acceptsGzip, gzipPieces, gzipWithNonce, type GzipPieces } from "./page-reuse-gzip.ts";
import {
  FINDER_SEED_COOKIE,
  isReusableResponse,
  joinWithNonce,
  KEPT_HEADERS,
  pageReuseKey,
  splitAtNonce,
} from "./page-reuse-policy.ts";

interface KeptPage {
  /** The body cut at its nonce (page-reuse-policy.ts). */
  parts: string[];
  headers: Array<[string, string]>;
  /** Gzipped once, on its first reuse by a client that accepts gzip (page-reuse-gzip.ts). */
  gzip?: GzipPieces;
}

/** Below this a page goes through @fastify/compress like any answer (its threshold). */
const GZIP_FROM_BYTES = 1024;

interface Render {
  key: string;
  generation: number;
  settle: (page: KeptPage | undefined) => void;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when this request renders a page that others may reuse or wait for. */
    pageReuseRender: Render | null;
  }
}

export interface PageReuseStats {
  hits: number;
  /** Requests that waited for the same page's render in progress. */
  shared: number;
  renders: number;
  entries: number;
  bytes: number;
}

export interface PageReuse {
  stats(): PageReuseStats;
}

function isReadable(payload: unknown): payload is Readable {
  return (
    typeof payload === "object" &&
    payload !== null &&
    typeof (payload as Readable).pipe === "function" &&
    typeof (payload as Readable)[Symbol.asyncIterator] === "function"
  );
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Registers the reuse hooks. Call it before @fastify/compress (the kept body is the uncompressed
 * one; each answer is compressed for its own request) and with `cache` emptied on every catalogue
 * change. A cache of 0 bytes turns reuse off.
 */
export function registerPageReuse(
  app: FastifyInstance,
  options: { cache: CatalogueCache; cookieNames: SessionCookieNames; enabled: boolean },
): PageReuse {
  const { cache, cookieNames } = options;
  const inFlight = new Map<
    string,
    { generation: number; promise: Promise<KeptPage | undefined> }
  >();
  const counters = { hits: 0, shared: 0, renders: 0 };
  const stats = (): PageReuseStats => {
    const { entries, bytes } = cache.stats();
    return { ...counters, entries, bytes };
  };
  if (!options.enabled) return { stats };

  const send = (request: FastifyRequest, reply: FastifyReply, page: KeptPage) => {
    for (const [name, value] of page.headers) void reply.header(name, value);
    void reply.header("x-page-reuse", "hit");
    const compressible = page.parts.reduce((sum, part) => sum + part.length, 0) >= GZIP_FROM_BYTES;
    if (compressible && acceptsGzip(request.headers["accept-encoding"])) {
      page.gzip ??= gzipPieces(page.parts);
      void reply.header("content-encoding", "gzip");
      void reply.header("vary", varyWithCookie(String(reply.getHeader("vary") ?? "")));
      return reply.code(200).send(gzipWithNonce(page.gzip, request.cspNonce));
    }
    return reply.code(200).send(joinWithNonce(page.parts, request.cspNonce));
  };

  app.decorateRequest("pageReuseRender", null);
  // preHandler: after the session plugin (onRequest) has recognised any session.
  app.addHook("preHandler", async (request, reply) => {
    // Set by @fastify/cookie, which a request refused before it ran (bad-input.ts) never met.
    const cookies: Record<string, string | undefined> = request.cookies ?? {};
    const key = pageReuseKey({
      method: request.method,
      url: request.url,
      signedIn: request.auth !== null,
      pendingSecondFactor: request.pendingSecondFactor !== null,
      sessionCookie:
        cookies[cookieNames.access] !== undefined || cookies[cookieNames.refresh] !== undefined,
      authorization: request.headers.authorization !== undefined,
      finderSeed: cookies[FINDER_SEED_COOKIE],
    });
    if (key === undefined) return;
    const kept = cache.get<KeptPage>(key);
    if (kept) {
      counters.hits += 1;
      return send(request, reply, kept);
    }
    const pending = inFlight.get(key);
    if (pending && pending.generation === cache.generation) {
      const page = await pending.promise;
      if (page) {
        counters.shared += 1;
        return send(request, reply, page);
      }
      // That render could not be kept (an error, a cookie): render this one as usual.
      return;
    }
    counters.renders += 1;
    let settle: (page: KeptPage | undefined) => void = () => {};
    const promise = new Promise<KeptPage | undefined>((resolve) => {
      settle = resolve;
    });
    const generation = cache.generation;
    const entry = { generation, promise };
    inFlight.set(key, entry);
    let settled = false;
    const render: Render = {
      key,
      generation,
      settle: (page) => {
        if (settled) return;
        settled = true;
        if (inFlight.get(key) === entry) inFlight.delete(key);
        settle(page);
      },
    };
    request.pageReuseRender = render;
    // Whatever happens to this request (an error, the client going away), the waiters go on.
    reply.raw.once("close", () => render.settle(undefined));
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const render = request.pageReuseRender;
    if (!render) return payload;
    request.pageReuseRender = null;
    const reusable = isReusableResponse({
      statusCode: reply.statusCode,
      setsCookie: reply.getHeader("set-cookie") !== undefined,
      cacheControl: String(reply.getHeader("cache-control") ?? ""),
    });
    // A page arrives as one buffer (plugins/react-router.ts); other answers as text or a stream.
    const whole = Buffer.isBuffer(payload);
    if (!reusable || (typeof payload !== "string" && !whole && !isReadable(payload))) {
      render.settle(undefined);
      return payload;
    }
    let body: string;
    try {
      body =
        typeof payload === "string"
          ? payload
          : whole
            ? payload.toString("utf8")
            : await readAll(payload);
    } catch (error) {
      render.settle(undefined);
      throw error;
    }
    const headers: Array<[string, string]> = [];
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers.push([name, String(value)]);
    }
    const page: KeptPage = { parts: splitAtNonce(body, request.cspNonce), headers };
    cache.set(render.key, page, body.length * 2, render.generation);
    render.settle(page);
    void reply.header("x-page-reuse", "miss");
    return whole ? payload : body;
  });

  return { stats };
}
