import { Readable } from "node:stream";
import { text } from "node:stream/consumers";

import { describe, expect, it } from "vitest";

import { lowPriorityModulePreloads } from "./preload-priority.server.ts";

/** The document as React streams it: cut into chunks of `size` bytes. */
async function rewrite(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    chunks.push(bytes.subarray(start, start + size));
  }
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Études à l’étranger — StudyAtlas</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/app-shell-B.js" nonce="n"/>' +
  '<link nonce="n" rel="stylesheet" href="/assets/style-C.css"/></head>';
const BODY =
  '<body><p>Zürich, 東京 and São Paulo</p><pre>&lt;link rel="modulepreload"</pre>' +
  '<script nonce="n">window.x = "<link rel=\\"modulepreload\\" href=\\"/a.js\\">";</script></body></html>';

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload of the head low priority, whatever the chunking", async () => {
    const expected =
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Études à l’étranger — StudyAtlas</title>' +
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A.js" nonce="n"/>' +
      '<link rel="modulepreload" fetchpriority="low" href="/assets/app-shell-B.js" nonce="n"/>' +
      '<link nonce="n" rel="stylesheet" href="/assets/style-C.css"/></head>' +
      BODY;
    for (const size of [1, 2, 3, 7, 13, 24, 25, 26, 64, 1000, 100_000]) {
      expect(await rewrite(HEAD + BODY, size), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("leaves the body and multi-byte text untouched", async () => {
    const html = "<html><head><title>ok</title></head>" + BODY;
    for (const size of [1, 5, 17, 4096]) expect(await rewrite(html, size)).toBe(html);
  });

  it("passes a document without a head end through whole", async () => {
    const fragment = '<link rel="modulepreload" href="/a.js"/><p>é</p>';
    expect(await rewrite(fragment, 3)).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/a.js"/><p>é</p>',
    );
  });
});
