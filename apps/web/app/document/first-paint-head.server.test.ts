import { describe, expect, it } from "vitest";

import { orderDocumentForFirstPaint, orderHeadForFirstPaint } from "./first-paint-head.server.ts";

/** The document as entry.server.tsx renders it (one buffer), rewritten. */
function rewrite(html: string): string {
  return orderDocumentForFirstPaint(Buffer.from(html, "utf8")).toString("utf8");
}

const LEADING =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>';
const REST_OF_HEAD =
  "<title>Études à l’étranger — StudyAtlas</title>" +
  '<link nonce="n" rel="icon" href="data:image/svg+xml,x" type="image/svg+xml"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/app-shell-B.js" nonce="n"/>' +
  '<link nonce="n" rel="stylesheet" href="/assets/style-C.css"/></head>';
const BODY =
  '<body><p>Zürich, 東京 and São Paulo</p><pre>&lt;link rel="modulepreload"</pre>' +
  '<script nonce="n">window.x = "<link rel=\\"modulepreload\\" href=\\"/a.js\\">";</script></body></html>';
const EXPECTED =
  LEADING +
  '<link nonce="n" rel="stylesheet" href="/assets/style-C.css"/>' +
  "<title>Études à l’étranger — StudyAtlas</title>" +
  '<link nonce="n" rel="icon" href="data:image/svg+xml,x" type="image/svg+xml"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/app-shell-B.js" nonce="n"/>' +
  "</head>" +
  BODY;

describe("orderDocumentForFirstPaint", () => {
  it("puts the stylesheet first and the module preloads at low priority", () => {
    expect(rewrite(LEADING + REST_OF_HEAD + BODY)).toBe(EXPECTED);
  });

  it("leaves the body and multi-byte text untouched", () => {
    const html = "<html><head><title>é</title></head>" + BODY;
    const document = Buffer.from(html, "utf8");
    // Nothing to move: the very same buffer, not a copy.
    expect(orderDocumentForFirstPaint(document)).toBe(document);
  });

  it("passes a document without a head end through whole", () => {
    const fragment = '<link rel="modulepreload" href="/a.js"/><p>é</p>';
    expect(rewrite(fragment)).toBe(fragment);
  });

  it("leaves a head end past the largest head it expects alone", () => {
    const html = `<html><head>${"<!-- -->".repeat(40_000)}<link rel="modulepreload" href="/a.js"/></head><body></body></html>`;
    expect(rewrite(html)).toBe(html);
  });
});

describe("orderHeadForFirstPaint", () => {
  it("keeps several stylesheets in their order, after the charset and viewport", () => {
    const head =
      '<html><head><meta charSet="utf-8"/><title>t</title>' +
      '<link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/m.js"/>' +
      '<link rel="stylesheet" href="/b.css" precedence="x"/>';
    expect(orderHeadForFirstPaint(head)).toBe(
      '<html><head><meta charSet="utf-8"/>' +
        '<link rel="stylesheet" href="/a.css"/><link rel="stylesheet" href="/b.css" precedence="x"/>' +
        '<title>t</title><link rel="modulepreload" fetchpriority="low" href="/m.js"/>',
    );
  });

  it("moves the JSON-LD scripts with the stylesheet, in their order (React hydrates them in place)", () => {
    const head =
      '<html><head><meta charSet="utf-8"/><title>t</title>' +
      '<link rel="modulepreload" href="/m.js"/>' +
      '<script type="application/ld+json">{"@type":"Course","name":"a<\\/b"}</script>' +
      '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>' +
      '<link rel="stylesheet" href="/a.css"/>';
    expect(orderHeadForFirstPaint(head)).toBe(
      '<html><head><meta charSet="utf-8"/>' +
        '<script type="application/ld+json">{"@type":"Course","name":"a<\\/b"}</script>' +
        '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>' +
        '<link rel="stylesheet" href="/a.css"/>' +
        '<title>t</title><link rel="modulepreload" fetchpriority="low" href="/m.js"/>',
    );
  });

  it("moves nothing when another tag is hydrated in place, but still lowers the preloads", () => {
    for (const other of ['<script nonce="n">window.x = 1;</script>', "<style>p{}</style>"]) {
      const head =
        '<html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/m.js"/>' +
        other +
        '<link rel="stylesheet" href="/a.css"/>';
      expect(orderHeadForFirstPaint(head)).toBe(
        head.replace('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"'),
      );
    }
  });

  it("does not move anything in a head it does not recognise", () => {
    const head = '<head><link rel="stylesheet" href="/a.css"/>';
    expect(orderHeadForFirstPaint(head)).toBe(head);
  });
});
