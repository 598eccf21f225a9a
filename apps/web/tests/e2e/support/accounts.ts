// Creating a signed-in user for end-to-end tests: sign-up through the API with the page's own
// cookies (so the browser holds the session), as the sign-up form would.
import type { Page } from "@playwright/test";

export const E2E_PASSWORD = "Secret123!";

let counter = 0;
export function uniqueE2eEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}@example.com`;
}

/** Registers (and so signs in) a new user in the page's browser context; returns the e-mail. */
export async function signUpInPage(page: Page, prefix = "e2e"): Promise<string> {
  const email = uniqueE2eEmail(prefix);
  const status = await page.evaluate(
    async ({ email, password }) => {
      const xsrf = document.cookie
        .split("; ")
        .find((cookie) => cookie.startsWith("XSRF-TOKEN="))
        ?.slice("XSRF-TOKEN=".length);
      const response = await fetch("/api/account/register", {
        method: "POST",
        headers: { "content-type": "application/json", "x-xsrf-token": decodeURIComponent(xsrf ?? "") },
        body: JSON.stringify({ first_name: "Ada", last_name: "Lovelace", email, password }),
      });
      return response.status;
    },
    { email, password: E2E_PASSWORD },
  );
  if (status !== 201) throw new Error(`sign-up answered ${status}`);
  return email;
}

export interface OutboxMail {
  to: string;
  subject: string;
  kind: string;
  link: string | null;
  text: string;
}

/** The development outbox (DEV_MAILBOX=true on the test server), newest first. */
export async function outboxFor(page: Page, to: string): Promise<OutboxMail[]> {
  const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  return (await response.json()) as OutboxMail[];
}
