// React Router behind Fastify: the client build's static files (`clientBuildFiles`, in a context
// of their own without sessions or cookies), and every other path rendered by React Router in the
// pages context (docs/decisions/033-pages-in-one-buffer.md). It replaces the plugin of
// @mcansh/remix-fastify, whose request conversion (`createRequest`: headers, URL, the body of an
// action, an abort signal that fires when the client goes away) it still uses, for two reasons:
// - in production the server build is loaded once; the adapter hands React Router a function
//   that imports it, and React Router then rebuilds its route tables for every request;
// - a page is answered in one piece: the adapter turned every response body back into a Node
//   stream chunk by chunk (a copy and a promise per chunk), so @fastify/compress compressed it
//   as a stream (zlib on the thread pool, a chunked answer written in several socket writes).
//   entry.server.tsx renders a page (and reads a navigation's `.data`) into one buffer and says
//   so with its Content-Length; such a body is read whole and sent as a buffer, which the
//   compressor compresses in one call and Node writes with its headers at once. A body without a
//   length (none today: no route defers data) still streams.
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import fastifyStatic, { type FastifyStaticOptions } from "@fastify/static";
import { createRequest } from "@mcansh/remix-fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

export interface ReactRouterOptions {
  /** The server build, or (development) a function that loads it afresh for every request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  routeOptions?: RouteShorthandOptions;
  getLoadContext: (request: FastifyRequest) => RouterContextProvider;
}

export interface ClientBuildOptions {
  /** The client build's files (none in development, where Vite serves them). */
  directory: string;
  staticOptions?: Partial<FastifyStaticOptions>;
}

/** Hashed assets never change; other files of the client build (favicon, robots) for an hour. */
const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
const FILE_CACHE_CONTROL = "public, max-age=3600";

/** The body of a response whose length is known, in one buffer. */
async function readWhole(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/**
 * Sends React Router's response through Fastify: status, headers (every Set-Cookie kept as its
 * own header), and the body in one piece when its length is known, else as a stream.
 */
export async function sendFetchResponse(
  reply: FastifyReply,
  response: Response,
): Promise<FastifyReply> {
  void reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") void reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header("set-cookie", cookies);
  if (response.body === null) return reply.send();
  if (response.headers.has("content-length")) return reply.send(await readWhole(response.body));
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}

/** The client build's files: hashed assets for a year, the others (favicon, robots) for an hour. */
export async function clientBuildFiles(app: FastifyInstance, options: ClientBuildOptions) {
  const assets = path.join(options.directory, "assets");
  await app.register(fastifyStatic, {
    root: options.directory,
    prefix: "/",
    wildcard: false,
    cacheControl: false,
    dotfiles: "ignore",
    etag: true,
    lastModified: true,
    setHeaders(reply, filePath) {
      void reply.header(
        "cache-control",
        filePath.startsWith(assets) ? ASSET_CACHE_CONTROL : FILE_CACHE_CONTROL,
      );
    },
    ...options.staticOptions,
  });
}

/** Every path no other route serves, rendered by React Router. */
export async function reactRouter(app: FastifyInstance, options: ReactRouterOptions) {
  const handle = createRequestHandler(options.build, options.mode);
  // Actions read their own bodies (forms, uploads): hand them the raw stream, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => {
    done(null, payload);
  });
  app.all("*", options.routeOptions ?? {}, async (request, reply) => {
    const response = await handle(createRequest(request, reply), options.getLoadContext(request));
    return sendFetchResponse(reply, response);
  });
}
