// In-process reuse of rendered anonymous pages (docs/decisions/018-page-reuse.md). A public page
// (HTML or its `.data`) rendered for a request without any session is kept in a bounded memory
// cache under its address and answered again, with the asking request's own CSP nonce, until the
// catalogue changes (the catalogue-change event empties it, as it empties the answer cache) or a
// minute has passed. Concurrent requests for the same page that is not kept yet share one render.
// A client that accepts gzip gets the page gzipped once, not per answer. The rules are in
// policies/page-reuse-policy.ts; PAGE_REUSE_MB=0 turns it off. Registered in the pages context,
// after the session (it reads it) and before compression (it keeps the uncompressed body).
import type { Readable } from "node:stream";

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import type { CatalogueCache } from "@studyatlas/core/catalogue/catalogue-cache.ts";

import { varyWithCookie } from "../policies/page-cache-policy.ts";
import {
  acceptsGzip,
  gzipPieces,
  gzipWithNonce,
  type GzipPieces,
} from "../policies/page-reuse-gzip.ts";
import {
  FINDER_SEED_COOKIE,
  isReusableResponse,
  joinWithNonce,
  KEPT_HEADERS,
  pageReuseKey,
  splitAtNonce,
} from "../policies/page-reuse-policy.ts";
import type { SessionCookieNames } from "./auth.ts";
import { CURRENCY_COOKIE } from "@studyatlas/schemas/my-currency-rules.ts";

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
  /** Adds the reuse hooks to the pages context (nothing when reuse is off). */
  register(pages: FastifyInstance): void;
}

interface PageReuseOptions {
  cache: CatalogueCache;
  cookieNames: SessionCookieNames;
  enabled: boolean;
}

type InFlight = Map<string, { generation: number; promise: Promise<KeptPage | undefined> }>;

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

/** The key this request's page is kept under, or undefined when it must be rendered afresh. */
function reuseKeyOf(request: FastifyRequest, cookieNames: SessionCookieNames): string | undefined {
  // Set by @fastify/cookie, which a request refused before it ran (bad-input.ts) never met.
  const cookies: Record<string, string | undefined> = request.cookies ?? {};
  return pageReuseKey({
    method: request.method,
    url: request.url,
    signedIn: request.auth !== null,
    pendingSecondFactor: request.pendingSecondFactor !== null,
    sessionCookie:
      cookies[cookieNames.access] !== undefined || cookies[cookieNames.refresh] !== undefined,
    authorization: request.headers.authorization !== undefined,
    finderSeed: cookies[FINDER_SEED_COOKIE],
    currencyInputs: {
      cookie: cookies[CURRENCY_COOKIE] ?? "",
      acceptLanguage: String(request.headers["accept-language"] ?? ""),
    },
  });
}

/** Answers `request` with a kept page, gzipped once when the client accepts it. */
function sendKept(request: FastifyRequest, reply: FastifyReply, page: KeptPage) {
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
}

/** Marks `request` as the one rendering `key`, which others may wait for. */
function startRender(
  request: FastifyRequest,
  reply: FastifyReply,
  inFlight: InFlight,
  key: string,
  generation: number,
): void {
  let settle: (page: KeptPage | undefined) => void = () => {};
  const promise = new Promise<KeptPage | undefined>((resolve) => {
    settle = resolve;
  });
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
}

/** The rendered answer as a page to keep, or undefined when it may not be kept. */
async function keptPageOf(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<{ page: KeptPage; body: string } | undefined> {
  const reusable = isReusableResponse({
    statusCode: reply.statusCode,
    setsCookie: reply.getHeader("set-cookie") !== undefined,
    cacheControl: String(reply.getHeader("cache-control") ?? ""),
  });
  // A page arrives as one buffer (plugins/react-router.ts); other answers as text or a stream.
  if (!reusable) return undefined;
  let body: string;
  if (typeof payload === "string") body = payload;
  else if (Buffer.isBuffer(payload)) body = payload.toString("utf8");
  else if (isReadable(payload)) body = await readAll(payload);
  else return undefined;
  const headers: Array<[string, string]> = [];
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers.push([name, String(value)]);
  }
  return { page: { parts: splitAtNonce(body, request.cspNonce), headers }, body };
}

/**
 * The reuse of pages kept in `cache`, which the catalogue-change event empties. A cache of 0
 * bytes (or `enabled: false`) turns reuse off.
 */
export function createPageReuse(options: PageReuseOptions): PageReuse {
  const { cache, cookieNames } = options;
  const inFlight: InFlight = new Map();
  const counters = { hits: 0, shared: 0, renders: 0 };
  const stats = (): PageReuseStats => {
    const { entries, bytes } = cache.stats();
    return { ...counters, entries, bytes };
  };

  const reuse = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = reuseKeyOf(request, cookieNames);
    if (key === undefined) return;
    const kept = cache.get<KeptPage>(key);
    if (kept) {
      counters.hits += 1;
      return sendKept(request, reply, kept);
    }
    const pending = inFlight.get(key);
    if (pending && pending.generation === cache.generation) {
      const page = await pending.promise;
      // A render that could not be kept (an error, a cookie): render this one as usual.
      if (!page) return;
      counters.shared += 1;
      return sendKept(request, reply, page);
    }
    counters.renders += 1;
    startRender(request, reply, inFlight, key, cache.generation);
  };

  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const render = request.pageReuseRender;
    if (!render) return payload;
    request.pageReuseRender = null;
    let kept: Awaited<ReturnType<typeof keptPageOf>>;
    try {
      kept = await keptPageOf(request, reply, payload);
    } catch (error) {
      render.settle(undefined);
      throw error;
    }
    if (!kept) {
      render.settle(undefined);
      return payload;
    }
    cache.set(render.key, kept.page, kept.body.length * 2, render.generation);
    render.settle(kept.page);
    void reply.header("x-page-reuse", "miss");
    return Buffer.isBuffer(payload) ? payload : kept.body;
  };

  return {
    stats,
    register(pages) {
      if (!options.enabled) return;
      pages.decorateRequest("pageReuseRender", null);
      // preHandler: after the session hook (onRequest) has recognised any session.
      pages.addHook("preHandler", reuse);
      pages.addHook("onSend", keep);
    },
  };
}
