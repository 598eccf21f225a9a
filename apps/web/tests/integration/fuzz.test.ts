// The fuzz tier (ADR 004: never a 500 for bad input): for every route of the OpenAPI document, at
// least 300 generated malformed requests (odd path segments, wrong or unknown query parameters,
// bodies of any shape, with and without a session), on both engines. None may answer 5xx, show a
// stack trace, or put SQL in an error. fast-check shrinks a failure to its smallest request and
// prints its seed.
import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PASSWORD, apiTokens, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { SQL, STACK, sentStrings, withoutEcho } from "./fuzz-support.ts";

const RUNS_PER_ROUTE = 300;

interface Operation {
  method: string;
  path: string;
  query: string[];
}

let app: FastifyInstance;
let testApp: TestApp | undefined;
let operations: Operation[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  ({ app } = testApp);
  const document = app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      query: (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
    })),
  );
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

/** Strings people and probes send: empty, huge, any script, control characters, escapes. */
const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "..",
    "%",
    "%ZZ",
    "%00",
    "-1",
    "0",
    "1e309",
    "9999999999999999999999",
    "2147483648",
    "NaN",
    "null",
    "[]",
    "{}",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "\u0000",
    "\ud800",
    "a".repeat(5000),
  ),
);

const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

function segment(value: string): string {
  // Most segments are encoded as a browser would; some go raw, as a probe sends them. A lone
  // surrogate cannot be encoded: it goes as the bytes of one (invalid UTF-8).
  if (value.startsWith("%")) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.toWellFormed())}%ED%A0%80`;
  }
}

function requestFor(operation: Operation) {
  return fc.record({
    params: fc.array(oddText, { minLength: 4, maxLength: 4 }),
    query: fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...operation.query, "page"), fc.string({ maxLength: 8 })),
        oddText,
      ),
      { maxLength: 4 },
    ),
    body: fc.oneof(
      fc.dictionary(fc.string({ maxLength: 12 }), jsonValue, { maxKeys: 6 }),
      jsonValue,
      fc.constant(undefined),
    ),
    rawBody: fc.option(fc.string({ unit: "binary", maxLength: 200 }), { nil: undefined }),
    contentType: fc.constantFrom(
      "application/json",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
    ),
    signedIn: fc.boolean(),
  });
}

describe("fuzzing every API route", () => {
  it("has the routes of the OpenAPI document to fuzz", () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it(`answers ${RUNS_PER_ROUTE} malformed requests per route without 5xx, stack traces or SQL`, async () => {
    const email = uniqueEmail("fuzz");
    const created = await app.inject({
      method: "POST",
      url: "/api/account/register",
      payload: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
      remoteAddress: "192.0.2.250",
    });
    expect(created.statusCode).toBe(201);
    let sent = 0;
    for (const operation of operations) {
      // Each route gets its own session: a fuzzed logout must not end the next route's.
      const { access } = await apiTokens(app, email);
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (generated) => {
          let index = 0;
          const path = operation.path.replace(/\{[^}]+\}/g, () =>
            segment(generated.params[index++] ?? ""),
          );
          const query = generated.query
            .map(([key, value]) => `${segment(key)}=${segment(value)}`)
            .join("&");
          const headers: Record<string, string> = { "content-type": generated.contentType };
          if (generated.signedIn) headers.authorization = `Bearer ${access}`;
          const url = query ? `${path}?${query}` : path;
          const options: InjectOptions = {
            method: operation.method,
            url,
            headers,
            remoteAddress: `198.18.${sent % 250}.${(sent >> 8) % 250}`,
          };
          if (operation.method !== "GET" && operation.method !== "HEAD") {
            options.payload =
              generated.rawBody ??
              (generated.body === undefined ? undefined : JSON.stringify(generated.body));
          }
          sent += 1;
          const response = await app.inject(options);
          const where = `${operation.method} ${url} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          expect(response.body, where).not.toMatch(STACK);
          if (response.statusCode >= 400) {
            const echoed = sentStrings([
              generated.params,
              generated.query,
              generated.body,
              generated.rawBody,
            ]);
            expect(withoutEcho(response.body, echoed), where).not.toMatch(SQL);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_ROUTE * operations.length);
  }, 900_000);
});
