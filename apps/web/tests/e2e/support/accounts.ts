// Account fixtures for the end-to-end tests: unique users, sign-up through the API, the e-mails
// the server kept in its outbox (read through /dev/mailbox.json, which the test server enables
// with DEV_MAILBOX=true), the sign-in modal and the spec's messages of its forms.
import { expect, request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";

import { openPage } from "./navigation.ts";

/** The same address as playwright.config.ts. */
const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

let clientNumber = Math.floor(Math.random() * 60_000);

/** A different client address for each fixture call, within 198.18.0.0/15 (RFC 2544). */
function nextClientAddress(): string {
  clientNumber = (clientNumber + 1) % 131_072;
  return `198.${18 + (clientNumber >> 16)}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

/**
 * A fresh cookie jar per call: a context that signed in would otherwise send its session cookies
 * with the next POST, which then (rightly) needs the XSRF header.
 */
async function withFreshApi<T>(work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await apiRequest.newContext({
    baseURL: BASE_URL,
    // Each fixture call is a client of its own (documentation range 198.18.0.0/15), as a proxy the
    // test server trusts (TRUST_PROXY=loopback) would say: the suite's sign-ups then stay within
    // the per-address limit on account creation that real visitors meet.
    extraHTTPHeaders: { "X-Forwarded-For": nextClientAddress() },
  });
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

/** The status of a sign-in attempt through the API. */
export function signInStatus(email: string, password: string): Promise<number> {
  return withFreshApi(async (api) =>
    (await api.post("/api/account/token", { data: { email, password } })).status(),
  );
}

export const PASSWORD = "Secret123!";

let counter = 0;
export function uniqueEmail(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  kind: string;
  link: string | null;
}

/** The link of the newest e-mail of `kind` to `email`, as a path (waits for it to arrive). */
export async function mailedLink(
  request: APIRequestContext,
  email: string,
  kind: "verification" | "password_reset" | "welcome" | "recovery_code_used" | "team_invitation",
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`, {
        maxRetries: 2,
      });
      const mails = (await response.json()) as OutboxMail[];
      link = mails.find((mail) => mail.kind === kind)?.link ?? undefined;
      return link;
    })
    .toBeTruthy();
  const url = new URL(link ?? "");
  return `${url.pathname}${url.search}`;
}

/** Creates an account through the API (its own request context: the page stays signed out). */
export async function registerUser(
  overrides: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<string> {
  const email = overrides.email ?? uniqueEmail();
  await withFreshApi(async (api) => {
    const response = await api.post("/api/account/register", {
      data: {
        first_name: overrides.firstName ?? "Ada",
        last_name: overrides.lastName ?? "Lovelace",
        email,
        password: PASSWORD,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  });
  return email;
}

/**
 * Signs the page's browser context in through the API as the web app does: echoing the XSRF
 * cookie in the header marks a cookie client, so the session cookies land in the context.
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await page.request.get("/api/health", { maxRetries: 2 });
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN");
  const response = await page.request.post("/api/account/token", {
    data: { email, password },
    headers: { "X-XSRF-TOKEN": xsrf?.value ?? "" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Every e-mail the outbox holds for `to`, newest first (contact messages, newsletter mail). */
export async function outboxFor(
  page: Page,
  to: string,
): Promise<{ to: string; subject: string; kind: string; link: string | null; text: string }[]> {
  const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`, {
    maxRetries: 2,
  });
  return (await response.json()) as {
    to: string;
    subject: string;
    kind: string;
    link: string | null;
    text: string;
  }[];
}

/** The messages of the sign-up and sign-in forms (docs/spec/accounts-and-details.md §5). */
export const FORM_MESSAGES = {
  email: "It should be a valid email address!",
  // Names as people have them, not the spec's 3-16 rule (docs/spec-notes.md, ADR 050).
  firstName: "First name should be 1-50 characters: letters, spaces, hyphens and apostrophes only.",
  lastName: "Last name should be 1-50 characters: letters, spaces, hyphens and apostrophes only.",
  // ASVS 6.2 rather than the spec's 8-20 rule (docs/spec-notes.md).
  password: "Password should be at least 8 characters!",
  passwordTooCommon:
    "This password is one of the most common ones and easy to guess. Please choose another!",
  loginFailed: "No active account found with the given credentials",
};

/** Opens the sign-in modal from the home page's header; answers the dialog. */
export async function openSignInModal(page: Page) {
  await openPage(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  return dialog;
}
