// Lockouts by others at /auth/v1 (docs/decisions/039-auth-service-api-clients.md): wrong passwords
// or wrong second-factor codes sent from other addresses lock strangers out of the account, but
// not the owner's known device (an address and user agent the account signed in from). Runs on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createUser } from "@studyatlas/core/accounts/users.ts";
import { totpCode } from "@studyatlas/core/accounts/totp.ts";

import { testConfig } from "../../server/test-config.ts";
import { PASSWORD, uniqueEmail } from "./account-client.ts";
import { tick, wrongCode } from "./accounts-two-factor-support.ts";
import { AUTH_SECRET } from "./auth-service-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const OWNER = { ip: "203.0.113.7", userAgent: "OwnerApp/2.1 (iPhone; iOS 19.0)" };
const STRANGER = { ip: "203.0.113.99", userAgent: "OwnerApp/2.1 (iPhone; iOS 19.0)" };

let t: TestApp;

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({ config: { auth: { ...base.auth, secret: AUTH_SECRET } } });
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now());
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

interface Device {
  ip: string;
  userAgent: string;
}

async function call(
  device: Device,
  method: "POST" | "GET",
  url: string,
  payload?: unknown,
  token?: string,
) {
  const response = await t.app.inject({
    method,
    url: `/auth/v1${url}`,
    remoteAddress: device.ip,
    headers: {
      "user-agent": device.userAgent,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

function signIn(device: Device, email: string, password = PASSWORD) {
  return call(device, "POST", "/token?grant_type=password", { email, password });
}

async function newUser(): Promise<string> {
  const email = uniqueEmail("known");
  await createUser(t.database.db, {
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    password: PASSWORD,
    emailVerified: true,
  });
  return email;
}

/** 11 wrong passwords, each from an address of its own (the 11th is refused: the account lock). */
async function wrongPasswordsFromOthers(email: string, network: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 1; n <= 11; n += 1) {
    const device = { ip: `198.51.${network}.${n}`, userAgent: "curl/8.5.0" };
    statuses.push((await signIn(device, email, "Wrong-Horse-42")).status);
  }
  return statuses;
}

describe("wrong passwords from many addresses", () => {
  it("lock a stranger out, but not the owner's known device", async () => {
    const email = await newUser();
    expect((await signIn(OWNER, email)).status).toBe(200);
    const statuses = await wrongPasswordsFromOthers(email, 100);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);

    const owner = await signIn(OWNER, email);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.access_token).toEqual(expect.any(String));
    expect((await signIn(STRANGER, email)).status).toBe(429);
  });

  it("a device that never signed in is no known device, nor one of the owner's in another browser", async () => {
    const email = await newUser();
    expect((await signIn(OWNER, email)).status).toBe(200);
    await wrongPasswordsFromOthers(email, 101);
    const otherAgent = { ip: OWNER.ip, userAgent: "Mozilla/5.0 (X11; Linux x86_64)" };
    expect((await signIn(otherAgent, email)).status).toBe(429);
  });
});

async function enrolTotp(device: Device, email: string) {
  const session = await signIn(device, email);
  const token = session.body.access_token as string;
  const enrolled = await call(device, "POST", "/factors", { factor_type: "totp" }, token);
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const factorId = enrolled.body.id as string;
  const secret = (enrolled.body.totp as { secret: string }).secret;
  const verified = await verifyCode(device, token, factorId, totpCode(secret));
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { factorId, secret };
}

async function verifyCode(device: Device, token: string, factorId: string, code: string) {
  const challenge = await call(device, "POST", `/factors/${factorId}/challenge`, {}, token);
  expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
  const challengeId = challenge.body.id as string;
  return call(
    device,
    "POST",
    `/factors/${factorId}/verify`,
    { challenge_id: challengeId, code },
    token,
  );
}

/** A device signed in with the password (the second step still pending), and a code sent. */
async function codeFrom(device: Device, email: string, factorId: string, code: string) {
  const session = await signIn(device, email);
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return verifyCode(device, session.body.access_token as string, factorId, code);
}

describe("wrong codes from many addresses", () => {
  it("lock a stranger's second step, but not the owner's known device", async () => {
    const email = await newUser();
    const { factorId, secret } = await enrolTotp(OWNER, email);
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const device = { ip: `198.51.102.${n}`, userAgent: "curl/8.5.0" };
      statuses.push((await codeFrom(device, email, factorId, wrongCode(secret))).status);
    }
    // A wrong code is GoTrue's 422 mfa_verification_failed at /auth/v1 (ADR 049).
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(422));
    expect(statuses[5]).toBe(429);

    tick();
    const owner = await codeFrom(OWNER, email, factorId, totpCode(secret));
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.access_token).toEqual(expect.any(String));
    tick();
    expect((await codeFrom(STRANGER, email, factorId, totpCode(secret))).status).toBe(429);
  });
});
