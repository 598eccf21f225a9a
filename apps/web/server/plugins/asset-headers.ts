// Headers of the build's hashed scripts and stylesheets (docs/decisions/019-first-paint.md).
// - helmet's document headers (the Content-Security-Policy with its nonce, frame, opener and
//   DNS-prefetch rules...) govern documents and workers, not a script or stylesheet a page loads;
//   on a page's dozen assets they add kilobytes of headers on a slow connection. nosniff, the
//   resource and referrer policies and HSTS stay. Images keep every header: an SVG opened on its
//   own is a document.
// - `Vary: Accept-Encoding`: the static plugin chooses the prebuilt .br or .gz copy from the
//   request's Accept-Encoding, so a shared cache must key on it.
import type { FastifyInstance } from "fastify";

const SCRIPT_OR_STYLESHEET = /^\/assets\/[^/]+\.(?:js|css)$/;

export const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;

export function registerAssetHeaders(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!SCRIPT_OR_STYLESHEET.test(request.url.split("?")[0] ?? "")) return payload;
    for (const name of DOCUMENT_ONLY_HEADERS) {
      // helmet writes on the raw response, our other hooks on the reply.
      reply.removeHeader(name);
      reply.raw.removeHeader(name);
    }
    const vary = String(reply.getHeader("vary") ?? "");
    if (!/\baccept-encoding\b/i.test(vary)) {
      reply.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    return payload;
  });
}
