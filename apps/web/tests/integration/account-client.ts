// A small cookie-keeping client over app.inject() for the account tests: it stores the cookies a
// browser would, and sends the XSRF header on every call like the web app does.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { vi } from "vitest";

import { listOutbox } from "@studyatlas/core/accounts/outbox.ts";
import type { Database } from "@studyatlas/db/client.ts";

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the X-XSRF-TOKEN header. */
  noXsrf?: boolean;
  /** Send no cookies. */
  noCookies?: boolean;
  ip?: string;
}

export class Browser {
  readonly cookies = new Map<string, string>();
  readonly app: FastifyInstance;
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async call(
    method: string,
    url: string,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has("XSRF-TOKEN")) {
      // A first GET hands out the XSRF cookie, as a page load would.
      this.store(await this.app.inject({ method: "GET", url: "/api/health" }));
    }
    const headers: Record<string, string> = { ...options.headers };
    if (!options.noCookies && this.cookies.size) headers.cookie = this.cookieHeader();
    // Like the web app, on every call (the header marks a cookie client).
    if (!options.noXsrf) headers["x-xsrf-token"] = this.cookies.get("XSRF-TOKEN") ?? "";
    const response = await this.app.inject({
      method: method as "GET",
      url,
      headers,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    if (!options.noCookies) this.store(response);
    return response;
  }

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === "" ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** Signs in as an API client (no XSRF header, no cookies): the tokens come in the body. */
export async function apiTokens(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<{ access: string; refresh: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/account/token",
    payload: { email, password },
  });
  const body = response.json<{ access?: string; refresh?: string }>();
  if (response.statusCode !== 200 || !body.access || !body.refresh) {
    throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  }
  return { access: body.access, refresh: body.refresh };
}

export async function mailsTo(db: Database, email: string) {
  return listOutbox(db, { to: email });
}

/** The mails to `email` once there are at least `count` (some go out after the answer). */
export async function mailsArrived(db: Database, email: string, count = 1) {
  return vi.waitFor(
    async () => {
      const mails = await mailsTo(db, email);
      if (mails.length < count) throw new Error(`${mails.length} of ${count} mails to ${email}`);
      return mails;
    },
    { timeout: 5000, interval: 20 },
  );
}

/**
 * The path and query of the link in the newest mail to `email` of `kind`; waits for it, since
 * some mails are sent after the answer has gone out (plugins/after-response.ts).
 */
export async function linkFor(db: Database, email: string, kind: string): Promise<string> {
  const link = await vi.waitFor(
    async () => {
      const mail = (await mailsTo(db, email)).find((row) => row.kind === kind);
      if (!mail?.link) throw new Error(`no ${kind} mail to ${email}`);
      return mail.link;
    },
    { timeout: 5000, interval: 20 },
  );
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

let counter = 0;
export function uniqueEmail(prefix = "student"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`;
}

export const PASSWORD = "Secret123!";
