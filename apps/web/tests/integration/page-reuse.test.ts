// Page reuse (docs/decisions/018-page-reuse.md): a signed-out visitor's rendered page is kept
// and answered again, with each request's own CSP nonce, until the catalogue changes; a signed-in
// visitor's page is never kept, never answered to anyone else and never marked cacheable; several
// requests for a page not kept yet share one render; PAGE_REUSE_MB=0 turns it all off. On the
// real server-rendered front end (built first when no build is there).
import { gunzipSync } from "node:zlib";

import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PUBLIC_PAGE_CACHE } from "../../server/policies/page-cache-policy.ts";
import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let off: TestApp;
let app: FastifyInstance;
let slugs: string[];

beforeAll(async () => {
  ensureBuiltFrontEnd();
  t = await createTestApp({ frontend: { kind: "production" } });
  off = await createTestApp({ frontend: { kind: "production" }, config: { pageReuseBytes: 0 } });
  app = t.app;
  const { rows } = await t.database.query<{ slug: string }>(
    "select slug from courses where published order by id limit 6",
  );
  slugs = rows.map((row) => row.slug);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

/** The nonce of the response's Content-Security-Policy. */
function headerNonce(response: LightMyRequestResponse): string {
  const match = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]));
  if (!match?.[1]) throw new Error("No nonce in the Content-Security-Policy");
  return match[1];
}

/** Every nonce the page's script tags carry. */
function bodyNonces(response: LightMyRequestResponse): Set<string> {
  return new Set([...response.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1] ?? ""));
}

const withoutNonces = (body: string) => body.replace(/nonce="[^"]+"/g, 'nonce=""');

async function signedIn(firstName: string): Promise<Browser> {
  const browser = new Browser(app);
  const email = uniqueEmail("reuse");
  const registered = await browser.call("POST", "/api/account/register", {
    body: { first_name: firstName, last_name: "Quillfeather", email, password: PASSWORD },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const session = await browser.call("POST", "/api/account/token", {
    body: { email, password: PASSWORD },
  });
  expect(session.statusCode, session.body).toBe(200);
  return browser;
}

describe("page reuse", () => {
  it("answers a signed-out page again until the catalogue changes, each time with its own nonce", async () => {
    const url = `/course/${slugs[0]}`;
    const first = await app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-page-reuse"]).toBe("miss");
    const second = await app.inject({ url });
    expect(second.statusCode).toBe(200);
    expect(second.headers["x-page-reuse"]).toBe("hit");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers["cache-control"]).toBe(PUBLIC_PAGE_CACHE);
    // Same page, and every script tag carries the nonce of the answer's own policy.
    expect(withoutNonces(second.body)).toBe(withoutNonces(first.body));
    expect(bodyNonces(first)).toEqual(new Set([headerNonce(first)]));
    expect(bodyNonces(second)).toEqual(new Set([headerNonce(second)]));
    expect(headerNonce(second)).not.toBe(headerNonce(first));
    // A client that accepts gzip gets the kept page gzipped once, still with its own nonce.
    const zipped = await app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers["x-page-reuse"]).toBe("hit");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(String(zipped.headers.vary)).toMatch(/Accept-Encoding/i);
    const unzipped = gunzipSync(zipped.rawPayload).toString("utf8");
    expect(withoutNonces(unzipped)).toBe(withoutNonces(first.body));
    expect(new Set([...unzipped.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(
      new Set([headerNonce(zipped)]),
    );

    // Its data request is kept on its own.
    const data = `${url}.data`;
    expect((await app.inject({ url: data })).headers["x-page-reuse"]).toBe("miss");
    const dataAgain = await app.inject({ url: data });
    expect(dataAgain.headers["x-page-reuse"]).toBe("hit");
    expect(dataAgain.headers["content-type"]).toBe("text/x-script");

    // A change to the catalogue: the next answer is rendered afresh and shows it.
    await t.changeCatalogue("update courses set name = $1 where slug = $2", [
      "Reuse Renamed Programme",
      slugs[0],
    ]);
    const fresh = await app.inject({ url });
    expect(fresh.headers["x-page-reuse"]).toBe("miss");
    expect(fresh.body).toContain("Reuse Renamed Programme");
    expect(first.body).not.toContain("Reuse Renamed Programme");
    expect((await app.inject({ url })).headers["x-page-reuse"]).toBe("hit");
  });

  it("never keeps, reuses or marks cacheable a signed-in visitor's page", async () => {
    const browser = await signedIn("Zephyrine");
    const url = `/course/${slugs[1]}`;
    for (let round = 0; round < 2; round += 1) {
      const page = await browser.call("GET", url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Zephyrine");
      expect(page.headers["x-page-reuse"]).toBeUndefined();
      expect(page.headers["cache-control"]).toBe("no-store");
    }
    // The signed-out visitor after them gets a page rendered for nobody, then reuses that one.
    const anonymous = await app.inject({ url });
    expect(anonymous.headers["x-page-reuse"]).toBe("miss");
    expect(anonymous.body).not.toContain("Zephyrine");
    expect((await app.inject({ url })).headers["x-page-reuse"]).toBe("hit");
    // A page kept for signed-out visitors is not answered to the signed-in one either.
    const again = await browser.call("GET", url);
    expect(again.headers["x-page-reuse"]).toBeUndefined();
    expect(again.body).toContain("Zephyrine");
    // Nor to a request with a session cookie that no longer holds.
    const stale = await app.inject({ url, headers: { cookie: "sa_access=expired" } });
    expect(stale.headers["x-page-reuse"]).toBeUndefined();
    expect(stale.headers["cache-control"]).not.toBe(PUBLIC_PAGE_CACHE);
  });

  it("keeps no answer that sets a cookie (the finder's first page in random order)", async () => {
    const url = "/coursefinder?ordering=random";
    for (let round = 0; round < 2; round += 1) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(String(page.headers["set-cookie"])).toMatch(/^finder_seed=/);
      expect(page.headers["x-page-reuse"]).toBeUndefined();
    }
    // With the visitor's seed, the page is kept for that seed only.
    const seeded = { cookie: "finder_seed=12345" };
    expect((await app.inject({ url, headers: seeded })).headers["x-page-reuse"]).toBe("miss");
    expect((await app.inject({ url, headers: seeded })).headers["x-page-reuse"]).toBe("hit");
    const other = await app.inject({ url, headers: { cookie: "finder_seed=999" } });
    expect(other.headers["x-page-reuse"]).toBe("miss");
  });

  it("requests for a page not kept yet share one render", async () => {
    const url = `/course/${slugs[2]}`;
    const before = app.pageReuse.stats();
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject({ url })));
    const after = app.pageReuse.stats();
    expect(after.renders - before.renders).toBe(1);
    expect(after.shared + after.hits - before.shared - before.hits).toBe(5);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(bodyNonces(answer)).toEqual(new Set([headerNonce(answer)]));
    }
    expect(new Set(answers.map((answer) => withoutNonces(answer.body))).size).toBe(1);
  });

  it("PAGE_REUSE_MB=0 renders every request", async () => {
    const url = `/course/${slugs[3]}`;
    for (let round = 0; round < 2; round += 1) {
      const page = await off.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-page-reuse"]).toBeUndefined();
      expect(page.headers["cache-control"]).toBe(PUBLIC_PAGE_CACHE);
    }
    expect(off.app.pageReuse.stats().renders).toBe(0);
  });
});
