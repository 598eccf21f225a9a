// Response headers (docs/security.md): no-store on account data and tokens, a Permissions-Policy everywhere, and
// `__Host-` session cookies when the site is served over https.
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PERMISSIONS_POLICY } from "../../server/plugins/response-headers.ts";
import { testConfig } from "../../server/test-config.ts";
import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let app: FastifyInstance;
let httpsApp: FastifyInstance;
const testApps: TestApp[] = [];
beforeAll(async () => {
  const plain = await createTestApp();
  const base = testConfig();
  const https = await createTestApp({
    config: {
      publicBaseUrl: "https://studyatlas.example",
      auth: { ...base.auth, secureCookies: true },
    },
  });
  testApps.push(plain, https);
  app = plain.app;
  httpsApp = https.app;
});
afterAll(async () => {
  await Promise.all(testApps.map((testApp) => testApp.close()));
});

async function signedIn(target: FastifyInstance): Promise<Browser> {
  const browser = new Browser(target);
  const email = uniqueEmail("headers");
  const response = await browser.call("POST", "/api/account/register", {
    body: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(201);
  const session = await browser.call("POST", "/api/account/token", {
    body: { email, password: PASSWORD },
  });
  expect(session.statusCode, session.body).toBe(200);
  return browser;
}

describe("response headers", () => {
  it("Permissions-Policy on every response", async () => {
    for (const url of ["/api/health", "/api/academics/course/list", "/no-such-page"]) {
      const response = await app.inject({ url });
      expect(response.headers["permissions-policy"], url).toBe(PERMISSIONS_POLICY);
    }
  });

  it("no-store on account answers, tokens, /settings and the pages a signed-in visitor gets", async () => {
    const browser = await signedIn(app);
    for (const url of ["/api/account/detail", "/api/wishlists/list", "/some-page"]) {
      const response = await browser.call("GET", url);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    const signIn = await app.inject({ method: "POST", url: "/api/account/token", payload: {} });
    expect(signIn.headers["cache-control"]).toBe("no-store");
    expect((await app.inject({ url: "/settings" })).headers["cache-control"]).toBe("no-store");
    // A signed-out catalogue answer stays cacheable.
    const anonymous = await app.inject({ url: "/api/academics/course/list" });
    expect(anonymous.headers["cache-control"] ?? "").not.toContain("no-store");
  });

  it("a signed-out page load sets no cookie (a CDN may keep it); the API and /api/xsrf hand out the XSRF cookie", async () => {
    const page = await app.inject({ url: "/no-such-page" });
    expect(page.headers["set-cookie"]).toBeUndefined();
    const token = await app.inject({ url: "/api/xsrf" });
    expect(token.statusCode).toBe(204);
    expect(token.headers["cache-control"]).toBe("no-store");
    expect(String(token.headers["set-cookie"])).toMatch(/^XSRF-TOKEN=/);
    const api = await app.inject({ url: "/api/health" });
    expect(String(api.headers["set-cookie"])).toMatch(/^XSRF-TOKEN=/);
  });

  it("names the session cookies __Host-… under https, Secure with Path=/ and no Domain", async () => {
    const browser = await signedIn(httpsApp);
    const names = [...browser.cookies.keys()].filter((name) => name.includes("sa_"));
    expect(names.sort()).toEqual([
      "__Host-sa_access",
      "__Host-sa_device",
      "__Host-sa_refresh",
      "__Host-sa_signup",
    ]);
    const detail = await browser.call("GET", "/api/account/detail");
    expect(detail.statusCode).toBe(200);
  });
});

describe("compression of dynamic answers", () => {
  it("answers zstd, brotli or gzip as offered, each decoding to the plain answer", async () => {
    const url = "/api/academics/course/list?page_size=50&ordering=name";
    const plain = await app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const decoders: Array<[string, string, (body: Buffer) => Buffer]> = [
      ["gzip, deflate, br, zstd", "zstd", (body) => zstdDecompressSync(body)],
      ["gzip, deflate, br", "br", (body) => brotliDecompressSync(body)],
      ["gzip, deflate", "gzip", (body) => gunzipSync(body)],
    ];
    for (const [offered, chosen, decode] of decoders) {
      const response = await app.inject({ url, headers: { "accept-encoding": offered } });
      expect(response.headers["content-encoding"], offered).toBe(chosen);
      expect(String(response.headers.vary).toLowerCase()).toContain("accept-encoding");
      const varied = String(response.headers.vary)
        .split(",")
        .map((name) => name.trim().toLowerCase());
      expect(new Set(varied).size, String(response.headers.vary)).toBe(varied.length);
      const body = response.rawPayload;
      expect(body.length, offered).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(body).toString("utf8"), offered).toBe(plain.body);
    }
  });
});
