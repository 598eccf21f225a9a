// What the account API's tests share (accounts-sign-up, accounts-sign-in, accounts-passwords,
// accounts-profile): a status check that answers the JSON body, the API error it carries, and a
// browser that registers and signs in as a person would.
import { expect } from "vitest";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import { MessageSchema } from "@studyatlas/schemas/accounts.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import { PASSWORD, uniqueEmail, type Browser } from "./account-client.ts";
import { parseWith } from "./test-app.ts";

export function json(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
  return response.json() as Record<string, unknown>;
}

export function apiError(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
) {
  return parseWith(ApiErrorSchema, json(response, status), "error");
}

/** Registers `email` in `browser`, then signs that browser in; answers the address. */
export async function register(
  browser: Browser,
  email = uniqueEmail(),
  extra: Record<string, string> = {},
): Promise<string> {
  const response = await browser.call("POST", "/api/account/register", {
    body: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD, ...extra },
  });
  expect(parseWith(MessageSchema, json(response, 201), "register").message).toBe(
    MESSAGES.signUpCheckEmail,
  );
  // Sign-up starts no session (no enumeration): the browser signs in, as a person would.
  const signedIn = await browser.call("POST", "/api/account/token", {
    body: { email, password: extra.password ?? PASSWORD },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return email;
}
