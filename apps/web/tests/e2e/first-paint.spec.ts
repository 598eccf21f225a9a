// Issue 14 item 4, docs/decisions/019-first-paint.md: how a page's first paint is delivered. The
// stylesheet leads the head and the module preloads wait behind it (fetchpriority="low"), the
// app shell is one chunk, the programme page does not load the validation library before it is
// interactive, and the hashed scripts and stylesheet are sent prebuilt as brotli with long-lived
// cache headers.
import { expect, request as apiRequest, test } from "@playwright/test";

import { findCourse } from "./support/catalogue.ts";
import { openPage } from "./support/navigation.ts";

/** The same address as playwright.config.ts. */
const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

function modulePreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
}

test("the head lists the stylesheet first and the module preloads at low priority; the page hydrates", async ({
  page,
}) => {
  const response = await openPage(page, "/");
  const html = (await response?.text()) ?? "";
  const head = html.slice(0, html.indexOf("</head>"));
  const preloads = modulePreloads(head);
  expect(preloads.length).toBeGreaterThan(0);
  // One app-shell chunk and a few route chunks, not dozens of files.
  expect(preloads.length).toBeLessThanOrEqual(12);
  for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
  expect(head.match(/rel="stylesheet"/g)).toHaveLength(1);
  expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf("<title>"));
  expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('rel="modulepreload"'));
  expect(head).toMatch(/\/assets\/app-shell-[\w-]+\.js/);
  // The body's text is not rewritten.
  expect(modulePreloads(html.slice(html.indexOf("</head>")))).toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the reordered head hydrates without a mismatch on every kind of page", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const course = await findCourse(page.request, () => true);
  // The detail pages carry JSON-LD scripts in the head, which React hydrates in document order.
  for (const path of [
    "/",
    "/coursefinder",
    `/course/${course.slug}`,
    `/school/${course.school.slug}`,
    "/countries",
    "/about",
  ]) {
    await openPage(page, path);
    const head = await page.locator("head").innerHTML();
    expect(head.indexOf('rel="stylesheet"'), path).toBeLessThan(head.indexOf("<title>"));
  }
  // React reports a hydration mismatch (#418) as an uncaught error and re-renders the page.
  expect(errors).toEqual([]);
});

test("the programme page preloads no validation library; signed-in students still get the form", async () => {
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  try {
    const course = await findCourse(api, () => true);
    const html = await (await api.get(`/course/${course.slug}`)).text();
    const preloaded = modulePreloads(html).map((link) => /href="([^"]+)"/.exec(link)?.[1] ?? "");
    for (const href of preloaded) {
      const script = await (await api.get(href)).text();
      // zod's own error text: the library is in none of the chunks the page hydrates with.
      expect(script, href).not.toContain("Invalid input");
    }
  } finally {
    await api.dispose();
  }
});

test("scripts and the stylesheet: prebuilt brotli, immutable, no document headers", async () => {
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  try {
    const html = await (await api.get("/")).text();
    const assets = [
      /\/assets\/app-shell-[\w-]+\.js/.exec(html)?.[0],
      /\/assets\/style-[\w-]+\.css/.exec(html)?.[0],
    ];
    for (const asset of assets) {
      expect(asset).toBeDefined();
      const compressed = await api.get(asset ?? "", {
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(compressed.status(), asset).toBe(200);
      const headers = compressed.headers();
      expect(headers["content-encoding"], asset).toBe("br");
      expect(headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      expect(headers.vary?.toLowerCase(), asset).toContain("accept-encoding");
      expect(headers["x-content-type-options"], asset).toBe("nosniff");
      expect(headers["content-security-policy"], asset).toBeUndefined();
      expect(headers["x-frame-options"], asset).toBeUndefined();
      const plain = await api.get(asset ?? "", { headers: { "accept-encoding": "identity" } });
      expect(plain.headers()["content-encoding"], asset).toBeUndefined();
      expect(await plain.text(), asset).toBe(await compressed.text());
    }
    // A page itself keeps its Content-Security-Policy.
    expect((await api.get("/")).headers()["content-security-policy"]).toContain("nonce-");
  } finally {
    await api.dispose();
  }
});
