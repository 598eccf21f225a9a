// Server rendering with a per-request CSP nonce (the server's helmet plugin sends the matching
// Content-Security-Policy), into one buffer (docs/decisions/018-page-reuse.md, "One buffer").
// No route defers data (every loader awaits its data), so the shell is the whole page: React
// renders it completely into memory, its head is put in first-paint order (ADR 019), and the page
// leaves as one body with its Content-Length, compressed in one call and written at once. Before,
// React's ~4 KB chunks went through a Node PassThrough, the head transform, a web stream and back
// to a Node stream and a zlib stream, a promise and a copy each; the head left a few milliseconds
// earlier. Crawlers always had the whole document at once; now everyone does. A route that
// deferred data would still render correctly, only without streaming.
import { Writable } from "node:stream";

import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";

import { requestInfoContext } from "./context.ts";
import { orderDocumentForFirstPaint } from "./document/first-paint-head.server.ts";

export const streamTimeout = 5_000;

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

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(requestInfoContext).nonce;

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
            // The stylesheet first, the modules behind it (ADR 019).
            const body = orderDocumentForFirstPaint(document);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(wholeBody(body, { headers: responseHeaders, status: responseStatusCode }));
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // An error before the shell reaches React Router through onShellError, which logs it.
        if (shellRendered) console.error(error);
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      options,
    );
  });
}
