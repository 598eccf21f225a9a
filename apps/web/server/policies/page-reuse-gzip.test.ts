import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { acceptsGzip, gzipPieces, gzipWithNonce } from "./page-reuse-gzip.ts";
import { joinWithNonce, splitAtNonce } from "./page-reuse-policy.ts";

describe("gzip of a reused page", () => {
  it("is the page with the answer's own nonce, byte for byte", () => {
    const page =
      `<!doctype html><html><head><script nonce="old+/=">a()</script></head><body>` +
      `${"<p>Ünïcödé — programmes, schools, countries</p>".repeat(2000)}` +
      `<script nonce="old+/=">b()</script><script nonce="old+/=">c()</script></body></html>`;
    const parts = splitAtNonce(page, "old+/=");
    const pieces = gzipPieces(parts);
    for (const nonce of ["fresh1==", "another/nonce+", ""]) {
      const body = gzipWithNonce(pieces, nonce);
      expect(gunzipSync(body).toString("utf8")).toBe(joinWithNonce(parts, nonce));
    }
    // Compressed, not stored: the repeated text shrinks.
    expect(gzipWithNonce(pieces, "x").length).toBeLessThan(page.length / 20);
  });

  it("a page without a script is one piece", () => {
    const pieces = gzipPieces(["<p>plain</p>"]);
    expect(gunzipSync(gzipWithNonce(pieces, "n")).toString()).toBe("<p>plain</p>");
  });

  it("reads Accept-Encoding", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
