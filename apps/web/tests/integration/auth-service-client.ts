// Helpers for the auth-service tests: the official @supabase/auth-js clients pointed at a
// listening test server, the service-role key for its secret, and the codes and links the
// auth service e-mails (read from the outbox; they go out after the answer).
import { GoTrueAdminApi, GoTrueClient } from "@supabase/auth-js";
import { vi } from "vitest";

import { listOutbox } from "@studyatlas/core/accounts/outbox.ts";
import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";
import type { Database } from "@studyatlas/db/client.ts";

export const AUTH_SECRET = "auth-service-test-secret-0123456789abcdef";

/** A client as an app would make it: no persistence, no timers (tests drive refreshes). */
export function authClient(
  baseUrl: string,
  headers: Record<string, string> = {},
  flowType: "implicit" | "pkce" = "implicit",
): GoTrueClient {
  const store = new Map<string, string>();
  return new GoTrueClient({
    url: `${baseUrl}/auth/v1`,
    headers,
    flowType,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    storageKey: `sb-test-${Math.random().toString(36).slice(2)}`,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
  });
}

export async function serviceRoleKey(secret = AUTH_SECRET): Promise<string> {
  return signApiKey(secret, "service_role");
}

export async function adminClient(baseUrl: string, key?: string): Promise<GoTrueAdminApi> {
  const token = key ?? (await serviceRoleKey());
  return new GoTrueAdminApi({
    url: `${baseUrl}/auth/v1`,
    headers: { Authorization: `Bearer ${token}`, apikey: token },
  });
}

export interface AuthMail {
  subject: string;
  code: string;
  link: string;
  /** The token_hash of the link (GET /verify?token=...). */
  tokenHash: string;
}

/** The newest auth-service mail to `email` whose subject contains `about`, once it has arrived. */
export async function authMail(db: Database, email: string, about: string): Promise<AuthMail> {
  return vi.waitFor(
    async () => {
      const mail = (await listOutbox(db, { to: email })).find(
        (row) => row.kind === "auth_service" && row.subject.includes(about),
      );
      if (!mail?.link) throw new Error(`no "${about}" mail to ${email}`);
      const code = /Your code is (\d{6})\./.exec(mail.text)?.[1];
      if (!code) throw new Error("no code in the mail");
      const tokenHash = new URL(mail.link).searchParams.get("token") ?? "";
      return { subject: mail.subject, code, link: mail.link, tokenHash };
    },
    { timeout: 5000, interval: 20 },
  );
}

export async function authMailCount(db: Database, email: string): Promise<number> {
  return (await listOutbox(db, { to: email })).filter((row) => row.kind === "auth_service").length;
}

let counter = 0;
export function uniqueAddress(prefix = "supa"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`;
}

export const GOOD_PASSWORD = "Correct-Horse-42";
