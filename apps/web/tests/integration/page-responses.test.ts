// How a server-rendered page leaves the process (docs/decisions/033-pages-in-one-buffer.md;
// server/plugins/react-router.ts): rendered whole, sent in one piece with its length (compressed
// in one piece too), the head in first-paint order, the nonce of its own Content-Security-Policy;
// HEAD without a body; a missing page or a failed loader as the error page with its status; every
// Set-Cookie kept; client navigations' data requests still answered. On the real server-rendered
// front end (built first when no build is there), page reuse off so that every answer renders.
import { cpSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "@studyatlas/core/accounts/users.ts";

import { WEB_ROOT } from "../../server/app.ts";
import { PUBLIC_PAGE_CACHE } from "../../server/policies/page-cache-policy.ts";
import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let slug: string;
let school: string;
let country: string;
let buildDirectory: string;

/**
 * The build's server modules under an address of their own, so that they load afresh here as in
 * a process that just started: test workers keep the modules another file imported (the
 * integration project's `isolate: false`), a lazy module's first use included. Under the build
 * folder, so that the copy resolves its packages as the build does.
 */
function freshBuild(): string {
  const build = path.join(WEB_ROOT, "build");
  const directory = path.join(build, ".fresh", `page-responses-${process.pid}-${Date.now()}`);
  cpSync(path.join(build, "server"), path.join(directory, "server"), { recursive: true });
  symlinkSync(path.join(build, "client"), path.join(directory, "client"));
  return directory;
}

beforeAll(async () => {
  ensureBuiltFrontEnd();
  buildDirectory = freshBuild();
  t = await createTestApp({
    frontend: { kind: "production", buildDirectory },
    config: { pageReuseBytes: 0 },
  });
  const { rows } = await t.database.query<{ slug: string }>(
    "select c.slug from courses c join schools s on s.id = c.school_id where c.published and s.published order by c.id limit 1",
  );
  slug = rows[0]?.slug ?? "";
  const schools = await t.database.query<{ slug: string }>(
    "select slug from schools where published order by id limit 1",
  );
  school = schools.rows[0]?.slug ?? "";
  const countries = await t.database.query<{ name: string }>(
    "select co.name from countries co join schools s on s.country_id = co.id where s.published order by co.id limit 1",
  );
  country = countries.rows[0]?.name ?? "";
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (buildDirectory) rmSync(buildDirectory, { recursive: true, force: true });
});

/** The nonce of the response's Content-Security-Policy. */
function headerNonce(response: LightMyRequestResponse): string {
  const match = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]));
  if (!match?.[1]) throw new Error("No nonce in the Content-Security-Policy");
  return match[1];
}

/** A complete document: one doctype, one closing html tag at the very end. */
function expectWholeDocument(html: string): void {
  expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
  expect(html.endsWith("</html>")).toBe(true);
  expect(html.match(/<\/html>/g)).toHaveLength(1);
}

describe("page responses", () => {
  it("sends a page whole, with its length, and compressed in one piece", async () => {
    // A school page: the same programmes every time, so that its answers can be compared.
    const url = `/school/${school}`;
    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(plain.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.rawPayload.length);
    expectWholeDocument(plain.body);
    // The head in first-paint order (ADR 019) and every inline script with this answer's nonce.
    const head = plain.body.slice(0, plain.body.indexOf("</head>"));
    expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('rel="modulepreload"'));
    expect(head).not.toMatch(/rel="modulepreload"(?! fetchpriority="low")/);
    expect(new Set([...plain.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(
      new Set([headerNonce(plain)]),
    );

    for (const [encoding, decompress] of [
      ["gzip", gunzipSync],
      ["br", brotliDecompressSync],
    ] as const) {
      const packed = await t.app.inject({ url, headers: { "accept-encoding": encoding } });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers["content-encoding"]).toBe(encoding);
      expect(packed.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(packed.headers["content-length"])).toBe(packed.rawPayload.length);
      // Each field once: a cache keys on them (a Vary that is right). Accept-Language: the
      // student's currency is guessed from it (docs/decisions/052-my-currency-and-compare.md).
      expect(
        String(packed.headers.vary)
          .split(",")
          .map((name) => name.trim().toLowerCase())
          .sort(),
      ).toEqual(["accept-encoding", "accept-language", "cookie"]);
      const html = decompress(packed.rawPayload).toString("utf8");
      expectWholeDocument(html);
      expect(html.replace(/nonce="[^"]+"/g, "")).toBe(plain.body.replace(/nonce="[^"]+"/g, ""));
    }
  });

  it("carries the page's loader data for hydration whole, and nothing left to the browser", async () => {
    const page = await t.app.inject({ url: `/course/${slug}` });
    expect(page.statusCode).toBe(200);
    const scripts = [
      ...page.body.matchAll(
        /<script nonce="[^"]+">window\.__reactRouterContext\.streamController\.(enqueue|close)\(([^<]*)\);<\/script>/g,
      ),
    ];
    // All of the data in one script, then the end of the stream, at the end of the body.
    expect(scripts.map((script) => script[1])).toEqual(["enqueue", "close"]);
    const data = JSON.parse(scripts[0]?.[2] ?? "null") as string;
    expect(data.startsWith("[")).toBe(true);
    expect(data).toContain(slug);
    // After the end of the stream only the ends of React's Suspense markers.
    const end = page.body.indexOf(scripts[1]?.[0] ?? "") + (scripts[1]?.[0].length ?? 0);
    expect(page.body.slice(end)).toMatch(/^(<!--\/\$-->)*<\/body><\/html>$/);
    // No Suspense boundary left for the browser to finish (React marks those <!--$!-->).
    expect(page.body).not.toContain("<!--$!");
  });

  it("renders ordinary anonymous pages in one synchronous pass, never by the streaming fallback", async () => {
    // The fallback gives the same markup but renders twice (ADR 034):
    // only the process's render counts tell them apart.
    const urls = [
      "/",
      "/coursefinder",
      "/coursefinder?attendance=ONLINE&page=2",
      "/courses/business-and-administration",
      `/course/${slug}`,
      `/school/${school}`,
      `/countries/${encodeURIComponent(country)}`,
      "/countries",
      "/faq",
    ];
    const before = { ...t.app.pageRenders };
    for (const url of urls) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expectWholeDocument(page.body);
    }
    expect(t.app.pageRenders).toEqual({
      onePass: before.onePass + urls.length,
      streamed: before.streamed,
    });
  });

  it("renders a student's programme page whole, in one pass, with the application dialog left to the browser", async () => {
    // The application dialog is a lazy module (ADR 019) and opens on what the student has applied
    // to, which the browser asks for after hydration (ADR 057): the server renders the same page
    // for every visitor, signed in or not, in one pass, without the dialog's form.
    const email = uniqueEmail("renders");
    await createUser(t.database.db, {
      email,
      firstName: "Ada",
      lastName: "Tester",
      password: PASSWORD,
      role: "student",
      emailVerified: true,
    });
    const student = new Browser(t.app);
    const signedIn = await student.call("POST", "/api/account/token", {
      body: { email, password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    for (let visit = 0; visit < 2; visit += 1) {
      const before = { ...t.app.pageRenders };
      const page = await student.call("GET", `/course/${slug}`);
      // A lazy module's first use in the process may wait through the streaming fallback (still
      // one whole document); once loaded, the page is rendered in one pass.
      const after = t.app.pageRenders;
      expect(after.onePass + after.streamed).toBe(before.onePass + before.streamed + 1);
      if (visit === 1) expect(after.onePass).toBe(before.onePass + 1);
      expect(page.statusCode).toBe(200);
      expectWholeDocument(page.body);
      expect(page.body).not.toContain("<!--$!");
      expect(page.body).toContain("Account menu for Ada Tester");
      expect(page.body).toContain("Apply Now");
      expect(page.body).not.toContain('name="zip_code"');
      // Nothing is filled in later by React's script (a <template> placeholder and its $RC call).
      if (visit === 1) expect(page.body).not.toContain("<template id=");
    }
  });

  it("answers HEAD with the page's status and caching, without rendering a body", async () => {
    const head = await t.app.inject({ method: "HEAD", url: `/course/${slug}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["cache-control"]).toBe(PUBLIC_PAGE_CACHE);
    expect(head.body).toBe("");
    const missing = await t.app.inject({
      method: "HEAD",
      url: "/course/no-such-programme-anywhere",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe("");
  });

  it("answers an unknown programme with the whole not-found page and 404", async () => {
    const missing = await t.app.inject({ url: "/course/no-such-programme-anywhere" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(Number(missing.headers["content-length"])).toBe(missing.rawPayload.length);
    expectWholeDocument(missing.body);
    expect(missing.body).toMatch(/not found/i);
  });

  it("keeps every Set-Cookie: the server's and the page's own", async () => {
    // A session cookie that no longer holds: the server clears it and hands out the XSRF token;
    // the finder's first page in random order sets the visitor's seed.
    const page = await t.app.inject({
      url: "/coursefinder?ordering=random",
      headers: { cookie: "sa_access=expired" },
    });
    expect(page.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(page.headers["set-cookie"] ?? []);
    const names = cookies.map((cookie) => cookie.slice(0, cookie.indexOf("=")));
    expect(names).toContain("finder_seed");
    expect(names).toContain("XSRF-TOKEN");
    expect(names).toContain("sa_access");
    expect(new Set(names).size).toBe(names.length);
  });

  it("sends a client navigation's data request whole too", async () => {
    const data = await t.app.inject({ url: `/course/${slug}.data` });
    expect(data.statusCode).toBe(200);
    expect(data.headers["content-type"]).toBe("text/x-script");
    expect(data.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(data.headers["content-length"])).toBe(data.rawPayload.length);
    expect(data.body).toContain(slug);
    // A data request for a page that does not exist carries its status too.
    const missing = await t.app.inject({ url: "/course/no-such-programme-anywhere.data" });
    expect(missing.statusCode).toBe(404);
  });
});

describe("a page whose loader fails", () => {
  it("is the error page with status 500, whole, and the error is logged with its request", async () => {
    const lines: string[] = [];
    const broken = await createTestApp({
      frontend: { kind: "production", buildDirectory },
      config: { pageReuseBytes: 0, logLevel: "error" },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      // Every page reads the search box's countries once; then the database goes away.
      expect((await broken.app.inject({ url: "/" })).statusCode).toBe(200);
      await broken.database.dispose();
      const failed = await broken.app.inject({ url: `/course/${slug}` });
      expect(failed.statusCode).toBe(500);
      expect(failed.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(Number(failed.headers["content-length"])).toBe(failed.rawPayload.length);
      expectWholeDocument(failed.body);
      // Through the request's logger (the load context's, entry.server.tsx's handleError).
      const logged = lines
        .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; err?: unknown })
        .find((entry) => entry.msg === "A page's loader or action failed");
      expect(logged?.reqId).toEqual(expect.any(String));
      expect(logged?.err).toBeDefined();
    } finally {
      await broken.app.close();
    }
  });
});
