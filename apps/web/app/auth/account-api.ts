// The browser's calls to the account API (docs/spec/accounts-and-details.md §7): same-origin cookies, and
// the XSRF double-submit header on every mutation (docs/decisions/006-sessions-and-tokens.md).
import { MESSAGES, XSRF_COOKIE, XSRF_HEADER } from "@studyatlas/schemas/account-rules.ts";

export interface ApiAnswer<T = Record<string, unknown>> {
  ok: boolean;
  status: number;
  data: T & ApiErrorBody;
}

export interface ApiErrorBody {
  code?: string;
  message?: string;
  detail?: string;
  errors?: Record<string, string[]>;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/**
 * The XSRF cookie's value. Signed-out pages come without it (so a CDN can keep them): the first
 * call fetches it once.
 */
async function xsrfToken(): Promise<string | undefined> {
  const current = readCookie(XSRF_COOKIE);
  if (current) return current;
  try {
    await fetch("/api/xsrf", { credentials: "same-origin" });
  } catch {
    // The call that follows reports the network failure.
  }
  return readCookie(XSRF_COOKIE);
}

/**
 * Calls one of our JSON endpoints (`/api/...`) with the session cookies and the XSRF header. Never throws: a network failure answers status 0.
 */
export async function callApi<T = Record<string, unknown>>(
  path: string,
  init: {
    method?: string;
    json?: unknown;
    form?: FormData;
    /** Extra request headers (an Idempotency-Key, docs/decisions/055-lead-exports-and-idempotent-create.md). */
    headers?: Record<string, string>;
  } = {},
): Promise<ApiAnswer<T>> {
  const method = init.method ?? (init.json !== undefined || init.form ? "POST" : "GET");
  const headers: Record<string, string> = { ...init.headers, accept: "application/json" };
  // On every call, reads too: the header is what tells the server this is our web app, which
  // keeps its session in httpOnly cookies rather than receiving tokens (plugins/auth.ts).
  headers[XSRF_HEADER] = (await xsrfToken()) ?? "";
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  try {
    const response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      ...(body !== undefined ? { body } : {}),
    });
    const data = (await response.json().catch(() => ({}))) as T & ApiErrorBody;
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: {} as T & ApiErrorBody };
  }
}

export async function accountApi<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; json?: unknown; form?: FormData } = {},
): Promise<ApiAnswer<T>> {
  return callApi<T>(`/api/account/${path}`, init);
}

/** §8 "Other login/register errors": the detail, else the e-mail error, else the password hint. */
export function authErrorMessage(data: ApiErrorBody): string {
  if (data.detail) return data.detail;
  const email = data.errors?.email?.[0];
  if (email) return email;
  if (data.errors?.password) return MESSAGES.ensurePassword;
  return MESSAGES.genericError;
}

/** §4 Sign out: post the logout, reload on 200; a failure is only logged. */
export async function signOut(): Promise<void> {
  const answer = await accountApi("logout", { method: "POST", json: {} });
  if (answer.status === 200) window.location.reload();
  else console.error("Sign out failed", answer.status, answer.data);
}
