// The one logger's two faces (README "Configuration", LOG_FORMAT): readable lines on a terminal,
// JSON elsewhere, and the same redaction in both (log-redaction.ts, docs/security.md).
import { Writable } from "node:stream";

import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";

import { createProcessLogger, prettyStream, prettyWanted } from "./logger.ts";

function capture() {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { sink, text: () => chunks.join("") };
}

const SECRET = "Zq9secretTokenValue123";
const request = {
  method: "GET",
  url: `/api/account/verify-email/${SECRET}/${SECRET}?token=${SECRET}`,
  ip: "127.0.0.1",
  headers: { cookie: `sa_access=${SECRET}` },
} as unknown as FastifyRequest;

function logEverySecret(pretty: boolean) {
  const out = capture();
  const stream = pretty ? prettyStream(out.sink, false) : out.sink;
  const log = createProcessLogger("debug", { stream });
  log.debug({ req: request }, "incoming request");
  log.info({ req: request, res: { statusCode: 200 }, responseTime: 4.2 }, "request completed");
  log.info({ password: SECRET, details: { token: SECRET } }, "details");
  log.error({ err: new Error(`refused: Bearer ${SECRET} at /reset?token=${SECRET}`) }, "failed");
  return out.text();
}

describe("the logger", () => {
  it("is pretty on a terminal (auto) or when asked, JSON otherwise", () => {
    expect(prettyWanted("auto", true)).toBe(true);
    expect(prettyWanted("auto", false)).toBe(false);
    expect(prettyWanted("json", true)).toBe(false);
    expect(prettyWanted("pretty", false)).toBe(true);
  });

  it("writes readable lines: time, level, the request as one short line, no JSON", () => {
    const text = logEverySecret(true);
    const lines = text.split("\n").filter(Boolean);
    expect(lines.some((line) => line.startsWith("{"))).toBe(false);
    expect(text).toMatch(
      /^\[\d\d:\d\d:\d\d\] DEBUG: GET \/api\/account\/verify-email\/\[redacted\]\/\[redacted\]\?token=\[redacted\]$/m,
    );
    expect(text).toMatch(/INFO: GET \/api\/account\/verify-email\/.* → 200 in 4 ms$/m);
    expect(text).toMatch(/ERROR: failed\n/);
  });

  it.each([
    ["pretty", true],
    ["JSON", false],
  ])("redacts every secret in %s lines", (_name, pretty) => {
    const text = logEverySecret(pretty);
    expect(text).toContain("[redacted]");
    expect(text).not.toContain(SECRET);
  });
});
