// Issue 14 item 3: a signed-out visitor's public pages may be kept by a CDN (Cache-Control with
// s-maxage and stale-while-revalidate, Vary with Cookie, no cookie set); a signed-in visitor's
// responses are never marked cacheable, and a random order that sets its seed cookie is not either.
import { expect, request as apiRequest, test, type APIResponse } from "@playwright/test";

import { PUBLIC_PAGE_CACHE } from "../../server/policies/page-cache-policy.ts";
import { PASSWORD, registerUser, signInThroughApi } from "./support/accounts.ts";
import { findCourse } from "./support/catalogue.ts";
import { openPage } from "./support/navigation.ts";

/** The same address as playwright.config.ts. */
const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

async function publicPages(): Promise<string[]> {
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  try {
    const course = await findCourse(api, () => true);
    return [
      "/",
      "/coursefinder?programme=postgraduate&ordering=-tuition",
      "/graduate",
      `/course/${course.slug}`,
      `/school/${course.school.slug}`,
      "/countries/Kenya",
      "/countries",
      "/about",
    ];
  } finally {
    await api.dispose();
  }
}

function expectNotPublic(response: APIResponse, url: string) {
  const cacheControl = response.headers()["cache-control"] ?? "";
  expect(cacheControl, url).not.toMatch(/\bpublic\b|s-maxage/);
}

test("a signed-out visitor's public pages are cacheable by a CDN and set no cookie", async () => {
  const urls = await publicPages();
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  try {
    for (const url of urls) {
      const response = await api.get(url);
      expect(response.status(), url).toBe(200);
      const headers = response.headers();
      expect(headers["cache-control"], url).toBe(PUBLIC_PAGE_CACHE);
      expect(
        headers.vary?.split(/,\s*/).map((name) => name.toLowerCase()),
        url,
      ).toEqual(expect.arrayContaining(["cookie", "accept-encoding"]));
      expect(headers["set-cookie"], url).toBeUndefined();
    }
    // The first page in random order sets the visitor's seed: that answer stays out of caches.
    const random = await api.get("/coursefinder?ordering=random");
    expect(random.headers()["set-cookie"]).toMatch(/finder_seed=\d+/);
    expectNotPublic(random, "random order");
  } finally {
    await api.dispose();
  }
});

test("a signed-in visitor's responses are never marked cacheable", async ({ page }) => {
  const urls = await publicPages();
  const email = await registerUser();
  await signInThroughApi(page, email);
  for (const url of [...urls, "/settings", "/api/account/detail", "/no-such-page"]) {
    const response = await page.request.get(url, { maxRetries: 2 });
    expect(response.status(), url).toBeLessThan(500);
    expect(response.headers()["cache-control"], url).toBe("no-store");
  }
});

test("a visitor who arrives on a cached page (no XSRF cookie) can still sign in", async ({
  page,
}) => {
  const email = await registerUser({ firstName: "Mary", lastName: "Jackson" });
  await openPage(page, "/");
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain("XSRF-TOKEN");
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(dialog.getByRole("heading", { name: "Login Successful!" })).toBeVisible();
  // The session landed in httpOnly cookies (a cookie client), not in the page.
  expect((await page.request.get("/api/account/detail", { maxRetries: 2 })).status()).toBe(200);
});

test("a page the server reuses (gzipped once, with a fresh nonce) hydrates and runs in Chromium", async ({
  page,
}) => {
  const [url] = (await publicPages()).filter((path) => path.startsWith("/course/"));
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to execute/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  const nonces = new Set<string>();
  for (let visit = 0; visit < 3; visit += 1) {
    const response = await openPage(page, url as string);
    expect(response?.status()).toBe(200);
    const headers = (await response?.allHeaders()) ?? {};
    // The first visit may render it (or another test's visit did); later ones are reused.
    if (visit > 0) expect(headers["x-page-reuse"]).toBe("hit");
    nonces.add(/'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "");
    // Hydrated: React ran, so the nonce on the page's scripts matched this answer's policy.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(nonces.size).toBe(3);
  expect(violations).toEqual([]);
});
