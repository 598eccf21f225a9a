// Server rendering with a per-request CSP nonce (the server's helmet plugin sends the matching
// Content-Security-Policy), into one buffer (docs/decisions/033-pages-in-one-buffer.md) in one
// synchronous pass (docs/decisions/034-one-synchronous-render.md).
// No route defers data (every loader awaits its data), so the page is complete once its loaders
// are. Its hydration data (React Router's turbo-stream encoding of the loader data) is therefore
// read whole first and handed to React Router's <StreamTransfer> ready-made, through the
// `renderMeta.streamCache` of the entry context, so nothing in the tree waits: React renders the
// document in one synchronous pass (`renderToString`, which concatenates strings where the
// streaming renderer encodes every piece into bytes). The head is put in first-paint order
// (ADR 019) and the page leaves as one body with its Content-Length, compressed in one call.
// Whenever that pass cannot give the whole page — a component still suspended (a lazy module's
// first use in this process), a boundary that failed and would be finished in the browser, an
// error, or a React Router that did not take the prepared data — the page is rendered again by
// the streaming renderer, which waits for everything and reports errors, exactly as before.
import { Writable } from "node:stream";

import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

import type { FastifyBaseLogger as Logger } from "fastify";

import { getLogger, requestInfoContext } from "./context.ts";
import { orderDocumentForFirstPaint } from "./document/first-paint-head.server.ts";
import { compactRouteManifest } from "./document/compact-manifest.server.ts";
import { ReferenceTablesProvider } from "./reference/reference-tables-context.tsx";
import type { ReferenceTables } from "./reference/reference-tables.ts";
import { referenceTablesContext } from "./reference/reference-tables.server.ts";

export const streamTimeout = 5_000;

const DOCTYPE = "<!DOCTYPE html>";
/** What React writes for a Suspense boundary it leaves for the browser to finish. */
const CLIENT_RENDERED_BOUNDARY = "<!--$!";
/** The start of the script that carries the hydration data (React Router's StreamTransfer). */
const HANDOFF_SCRIPT = "window.__reactRouterContext.streamController.enqueue(";

/**
 * The page as a response whose body is the one buffer, with its length. A stream of one chunk
 * rather than the buffer itself: a `Response` copies a buffer it is given. The server sends a body
 * whose Content-Length it knows in one piece (server/plugins/react-router.ts).
 */
function wholeBody(
  body: Buffer,
  init: { headers: Headers; status: number; statusText?: string },
): Response {
  init.headers.set("Content-Length", String(body.byteLength));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  return new Response(stream, init);
}

/** The document, head in first-paint order (ADR 019), route manifest compact (ADR 066), as the page's response. */
function documentResponse(document: Buffer, headers: Headers, status: number): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  return wholeBody(orderDocumentForFirstPaint(compactRouteManifest(document)), { headers, status });
}

/** A stream that gives `text` once and ends. */
function streamOfText(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (text !== "") controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

/**
 * Reads the hydration data whole and hands it to <StreamTransfer> as already read: the first
 * chunk is all of it, the second the end. Returns the text, or undefined when the context has no
 * such data (nothing to prepare).
 */
async function prepareHandoff(routerContext: EntryContext): Promise<string | undefined> {
  const stream = routerContext.serverHandoffStream;
  if (!stream || !routerContext.renderMeta) return undefined;
  const text = await new Response(stream).text();
  const settled = (result: { done: boolean; value: string }) =>
    Object.assign(Promise.resolve(), { result });
  routerContext.renderMeta.streamCache = {
    0: settled({ done: false, value: text }),
    1: settled({ done: true, value: "" }),
  };
  // The original stream is read; <ServerRouter> takes a reader of whatever stands here.
  routerContext.serverHandoffStream = streamOfText("");
  return text;
}

/** Undoes `prepareHandoff` for the streaming renderer: the data as a stream again. */
function restoreHandoff(routerContext: EntryContext, text: string | undefined): void {
  if (text === undefined || !routerContext.renderMeta) return;
  delete routerContext.renderMeta.streamCache;
  routerContext.serverHandoffStream = streamOfText(text);
}

/** The page's tree: the router with the reference tables the root loader put in the context. */
function page(routerContext: EntryContext, url: string, nonce: string, tables: ReferenceTables) {
  return (
    <ReferenceTablesProvider initial={tables}>
      <ServerRouter context={routerContext} url={url} nonce={nonce} />
    </ReferenceTablesProvider>
  );
}

/**
 * The whole document from one synchronous render, or undefined when that render did not give
 * the whole page (see the top of this file). React's string is a rope of thousands of pieces:
 * it is turned into bytes once, and looked at as bytes (a string search would flatten it first).
 */
function renderWhole(
  routerContext: EntryContext,
  url: string,
  nonce: string,
  tables: ReferenceTables,
  handoff: string | undefined,
): Buffer | undefined {
  let html: string;
  try {
    html = renderToString(page(routerContext, url, nonce, tables));
  } catch {
    // A suspended shell or an error: the streaming renderer waits, or reports it as it should.
    return undefined;
  }
  // The streaming renderer writes the doctype of a document itself; this one does not.
  const bytes = Buffer.from(DOCTYPE + html);
  const isDocument = bytes.toString("latin1", DOCTYPE.length, DOCTYPE.length + 5) === "<html";
  const document = isDocument ? bytes : bytes.subarray(DOCTYPE.length);
  if (document.includes(CLIENT_RENDERED_BOUNDARY)) return undefined;
  if (handoff && !document.includes(HANDOFF_SCRIPT)) return undefined;
  return document;
}

/** Collects what React writes; `done` gets the whole document when React ends it. */
function documentCollector(done: (document: Buffer) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    // React writes Uint8Arrays and, for long texts (the hydration data), strings.
    decodeStrings: true,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
      callback();
    },
  });
}

/** The streaming renderer, waiting for everything: the fallback of `renderWhole`. */
function renderStreaming(
  routerContext: EntryContext,
  url: string,
  nonce: string,
  tables: ReferenceTables,
  status: number,
  headers: Headers,
  log: Logger,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A render still waiting after this is aborted: what is missing renders in the browser.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const options: RenderToPipeableStreamOptions = {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(
          documentCollector((document) => {
            clearTimeout(timeoutId);
            resolve(documentResponse(document, headers, status));
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        status = 500;
        // An error before the shell reaches React Router through onShellError, which logs it.
        if (shellRendered) log.error({ err: error }, "A page failed to render");
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      page(routerContext, url, nonce, tables),
      options,
    );
  });
}

/**
 * A client navigation's data (`/path.data`): no route defers data either, so React Router's
 * encoding of it is complete once its loaders are; read whole here, it too leaves in one piece.
 */
export async function handleDataRequest(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const body = Buffer.from(await response.arrayBuffer());
  return wholeBody(body, {
    headers: new Headers(response.headers),
    status: response.status,
    statusText: response.statusText,
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, renders } = loadContext.get(requestInfoContext);
  const tables = loadContext.get(referenceTablesContext);
  const handoff = await prepareHandoff(routerContext);
  const document = renderWhole(routerContext, request.url, nonce, tables, handoff);
  if (document !== undefined) {
    renders.onePass += 1;
    return documentResponse(document, responseHeaders, responseStatusCode);
  }
  // Counted, so that a page that silently stops rendering in one pass (and so renders twice)
  // shows in the tests (page-responses.test.ts) and not only in the benchmarks.
  renders.streamed += 1;
  restoreHandoff(routerContext, handoff);
  return renderStreaming(
    routerContext,
    request.url,
    nonce,
    tables,
    responseStatusCode,
    responseHeaders,
    getLogger(loadContext),
  );
}

/**
 * An error a loader or an action threw, logged through the request's logger (and so redacted,
 * server/log-redaction.ts) instead of React Router's default console line. A request its client
 * abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A route's error response may carry the error it stands for (React Router's own default).
  const carried = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = carried ?? error;
  getLogger(context).error({ err: cause }, "A page's loader or action failed");
};
