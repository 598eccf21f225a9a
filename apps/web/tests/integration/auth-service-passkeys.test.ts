// Passkeys and WebAuthn second factors at /auth/v1 (docs/decisions/063-webauthn-and-passkeys.md),
// driven through the official auth-js client (its experimental passkey API) and, for the factor
// ceremony auth-js only runs in a browser, with the request auth-js sends. A software
// authenticator answers every ceremony with a real key, so the server's checks all run.
import { AuthApiError, type GoTrueClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { WebAuthnSettings } from "@studyatlas/core/accounts/webauthn.ts";
import {
  PRODUCT_GOTRUE_SETTINGS,
  type GoTrueSettings,
} from "@studyatlas/core/auth-service/gotrue-settings.ts";

import { testConfig } from "../../server/test-config.ts";
import {
  AUTH_SECRET,
  GOOD_PASSWORD,
  adminClient,
  authClient,
  uniqueAddress,
} from "./auth-service-client.ts";
import { call, expectCode } from "./auth-service-gotrue-cases-support.ts";
import { SoftwareAuthenticator } from "./software-authenticator.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const RP = { rpId: "localhost", origin: "http://localhost:5173" };

const WEBAUTHN: WebAuthnSettings = {
  rpId: RP.rpId,
  rpDisplayName: "StudyAtlas tests",
  rpOrigins: [RP.origin],
  challengeExpiryMs: 300_000,
  passkeyEnabled: true,
  maxPasskeysPerUser: 3,
  mfaEnrollEnabled: true,
  mfaVerifyEnabled: true,
  rateLimitPasskey: 30,
};

interface Server {
  t: TestApp;
  baseUrl: string;
}

async function start(gotrue: Partial<GoTrueSettings>): Promise<Server> {
  const base = testConfig();
  const t = await createTestApp({
    config: {
      auth: {
        ...base.auth,
        secret: AUTH_SECRET,
        gotrue: { ...PRODUCT_GOTRUE_SETTINGS, autoconfirm: true, ...gotrue },
      },
    },
  });
  return { t, baseUrl: await t.app.listen({ port: 0, host: "127.0.0.1" }) };
}

function passkeyClient(baseUrl: string): GoTrueClient {
  const client = authClient(baseUrl);
  // auth-js keeps its passkey methods behind a flag while GoTrue calls them experimental.
  (client as unknown as { experimental: { passkey: boolean } }).experimental = { passkey: true };
  return client;
}

function expectAuthError(error: unknown, status: number, code: string) {
  expect(error).toBeInstanceOf(AuthApiError);
  expect((error as AuthApiError).status).toBe(status);
  expect((error as AuthApiError).code).toBe(code);
}

async function signedUp(baseUrl: string) {
  const client = passkeyClient(baseUrl);
  const { data, error } = await client.signUp({
    email: uniqueAddress("passkey"),
    password: GOOD_PASSWORD,
  });
  expect(error).toBeNull();
  return { client, userId: data.user!.id, token: data.session!.access_token };
}

async function registered(client: GoTrueClient, authenticator: SoftwareAuthenticator) {
  const { data: options, error } = await client.passkey.startRegistration();
  expect(error).toBeNull();
  return client.passkey.verifyRegistration({
    challengeId: options!.challenge_id,
    credential: authenticator.create(options!.options) as never,
  });
}

let off: Server;
let on: Server;

beforeAll(async () => {
  off = await start({});
  on = await start({ webauthn: WEBAUTHN });
}, 240_000);

afterAll(async () => {
  await Promise.all([off, on].map((server) => server?.t.close()));
});

describe("with passkeys and WebAuthn factors off (the product's default)", () => {
  it("answers GoTrue's codes", async () => {
    expectCode(
      await call(off.t, "POST", "/passkeys/authentication/options"),
      404,
      "passkey_disabled",
    );
    const { token } = await signedUp(off.baseUrl);
    const enrol = await call(off.t, "POST", "/factors", {
      token,
      body: { factor_type: "webauthn", friendly_name: "Key" },
    });
    expectCode(enrol, 422, "mfa_webauthn_enroll_not_enabled");
  });
});

describe("passkeys", () => {
  it("registers, lists, renames and signs in with a passkey; the answer is used once", async () => {
    const { client, userId } = await signedUp(on.baseUrl);
    const authenticator = new SoftwareAuthenticator(RP);
    const { data: options } = await client.passkey.startRegistration();
    expect(options!.options.rp.id).toBe("localhost");
    expect(options!.options.authenticatorSelection?.residentKey).toBe("required");
    const created = await client.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: authenticator.create(options!.options) as never,
    });
    expect(created.error).toBeNull();
    const passkeyId = created.data!.id;

    const renamed = await client.passkey.update({ passkeyId, friendlyName: "Laptop" });
    expect(renamed.data?.friendly_name).toBe("Laptop");

    const visitor = passkeyClient(on.baseUrl);
    const { data: request } = await visitor.passkey.startAuthentication();
    expect(request!.options.allowCredentials ?? []).toHaveLength(0);
    const assertion = authenticator.get(request!.options) as never;
    const signedIn = await visitor.passkey.verifyAuthentication({
      challengeId: request!.challenge_id,
      credential: assertion,
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data!.user!.id).toBe(userId);
    const { data: me } = await visitor.getUser();
    expect(me.user?.id).toBe(userId);
    const listed = await client.passkey.list();
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: passkeyId,
        friendly_name: "Laptop",
        last_used_at: expect.any(String) as unknown,
      }),
    ]);

    const replay = await visitor.passkey.verifyAuthentication({
      challengeId: request!.challenge_id,
      credential: assertion,
    });
    expectAuthError(replay.error, 400, "webauthn_challenge_not_found");
  });

  it("refuses an unregistered key, another origin, and another user's passkey", async () => {
    const owner = await signedUp(on.baseUrl);
    const authenticator = new SoftwareAuthenticator(RP);
    const { data: created } = await registered(owner.client, authenticator);

    const visitor = passkeyClient(on.baseUrl);
    const stranger = new SoftwareAuthenticator(RP);
    const { data: ownerOptions } = await owner.client.passkey.startRegistration();
    stranger.create(ownerOptions!.options);
    const { data: request } = await visitor.passkey.startAuthentication();
    const unknown = await visitor.passkey.verifyAuthentication({
      challengeId: request!.challenge_id,
      credential: stranger.get(request!.options),
    });
    expectAuthError(unknown.error, 400, "webauthn_verification_failed");

    const phishing = new SoftwareAuthenticator({ rpId: "localhost", origin: "http://evil.test" });
    const { data: phishOptions } = await owner.client.passkey.startRegistration();
    const phished = await owner.client.passkey.verifyRegistration({
      challengeId: phishOptions!.challenge_id,
      credential: phishing.create(phishOptions!.options) as never,
    });
    expectAuthError(phished.error, 400, "webauthn_verification_failed");

    const other = await signedUp(on.baseUrl);
    const rename = await other.client.passkey.update({ passkeyId: created!.id, friendlyName: "x" });
    expectAuthError(rename.error, 404, "validation_failed");
    const remove = await other.client.passkey.delete({ passkeyId: created!.id });
    expect(remove.error).toBeInstanceOf(AuthApiError);
    expect((await owner.client.passkey.list()).data).toHaveLength(1);
  });

  it("keeps to the per-user cap, and the admin API lists and removes a user's passkeys", async () => {
    const { client, userId } = await signedUp(on.baseUrl);
    for (let i = 0; i < WEBAUTHN.maxPasskeysPerUser; i += 1) {
      expect((await registered(client, new SoftwareAuthenticator(RP))).error).toBeNull();
    }
    const { error } = await client.passkey.startRegistration();
    expectAuthError(error, 422, "too_many_passkeys");

    const admin = await adminClient(on.baseUrl);
    (admin as unknown as { experimental: { passkey: boolean } }).experimental = { passkey: true };
    const { data: listed } = await admin.passkey.listPasskeys({ userId });
    expect(listed).toHaveLength(WEBAUTHN.maxPasskeysPerUser);
    expect(
      (await admin.passkey.deletePasskey({ userId, passkeyId: listed![0]!.id })).error,
    ).toBeNull();
    expect((await client.passkey.list()).data).toHaveLength(WEBAUTHN.maxPasskeysPerUser - 1);
  });

  it("a deleted passkey no longer signs in", async () => {
    const { client } = await signedUp(on.baseUrl);
    const authenticator = new SoftwareAuthenticator(RP);
    const { data: created } = await registered(client, authenticator);
    expect((await client.passkey.delete({ passkeyId: created!.id })).error).toBeNull();
    const visitor = passkeyClient(on.baseUrl);
    const { data: request } = await visitor.passkey.startAuthentication();
    const { error } = await visitor.passkey.verifyAuthentication({
      challengeId: request!.challenge_id,
      credential: authenticator.get(request!.options),
    });
    expectAuthError(error, 400, "webauthn_verification_failed");
  });
});

describe("WebAuthn as a second factor", () => {
  const ip = "198.51.100.7";

  it("enrols, registers the key (aal2), then signs a later challenge; a wrong key is refused", async () => {
    const { client, token } = await signedUp(on.baseUrl);
    const { data: factor, error } = await client.mfa.enroll({
      factorType: "webauthn",
      friendlyName: "Security key",
    } as never);
    expect(error).toBeNull();
    expect(factor).toMatchObject({ type: "webauthn", friendly_name: "Security key" });
    const factorId = (factor as { id: string }).id;
    const key = new SoftwareAuthenticator(RP);

    const create = await call(on.t, "POST", `/factors/${factorId}/challenge`, {
      token,
      ip,
      body: { webauthn: { rpId: "ignored.example", rpOrigins: ["https://ignored.example"] } },
    });
    expect(create.statusCode, create.body).toBe(200);
    const created = create.json<{
      id: string;
      webauthn: { type: string; credential_options: { publicKey: never } };
    }>();
    expect(created.webauthn.type).toBe("create");
    const registration = await call(on.t, "POST", `/factors/${factorId}/verify`, {
      token,
      ip,
      body: {
        challenge_id: created.id,
        webauthn: {
          type: "create",
          credential_response: key.create(created.webauthn.credential_options.publicKey),
        },
      },
    });
    expect(registration.statusCode, registration.body).toBe(200);
    const raised = registration.json<{ access_token: string }>();
    const claims = JSON.parse(
      Buffer.from(raised.access_token.split(".")[1]!, "base64url").toString(),
    ) as { aal: string; amr: Array<{ method: string }> };
    expect(claims.aal).toBe("aal2");
    expect(claims.amr[0]?.method).toBe("webauthn");

    const request = await call(on.t, "POST", `/factors/${factorId}/challenge`, {
      token: raised.access_token,
      ip,
    });
    const asked = request.json<{
      id: string;
      webauthn: { type: string; credential_options: { publicKey: never } };
    }>();
    expect(asked.webauthn.type).toBe("request");
    const wrongKey = new SoftwareAuthenticator(RP);
    wrongKey.create(created.webauthn.credential_options.publicKey);
    const refused = await call(on.t, "POST", `/factors/${factorId}/verify`, {
      token: raised.access_token,
      ip,
      body: {
        challenge_id: asked.id,
        webauthn: {
          type: "request",
          credential_response: wrongKey.get(asked.webauthn.credential_options.publicKey),
        },
      },
    });
    expectCode(refused, 422, "mfa_verification_failed");

    const again = await call(on.t, "POST", `/factors/${factorId}/challenge`, {
      token: raised.access_token,
      ip,
    });
    const second = again.json<{
      id: string;
      webauthn: { credential_options: { publicKey: never } };
    }>();
    const signed = await call(on.t, "POST", `/factors/${factorId}/verify`, {
      token: raised.access_token,
      ip,
      body: {
        challenge_id: second.id,
        webauthn: {
          type: "request",
          credential_response: key.get(second.webauthn.credential_options.publicKey),
        },
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const aal1 = passkeyClient(on.baseUrl);
    await aal1.signInWithPassword({
      email: (await client.getUser()).data.user!.email!,
      password: GOOD_PASSWORD,
    });
    const { data: levels } = await aal1.mfa.getAuthenticatorAssuranceLevel();
    expect(levels).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
  });

  it("a code is no answer for a security key, and the site's door refuses to enrol one", async () => {
    const { token } = await signedUp(on.baseUrl);
    const enrol = await call(on.t, "POST", "/factors", {
      token,
      body: { factor_type: "webauthn" },
    });
    const factorId = enrol.json<{ id: string }>().id;
    const challenge = await call(on.t, "POST", `/factors/${factorId}/challenge`, { token, ip });
    const verify = await call(on.t, "POST", `/factors/${factorId}/verify`, {
      token,
      ip,
      body: { challenge_id: challenge.json<{ id: string }>().id, code: "123456" },
    });
    expectCode(verify, 400, "validation_failed");
    const site = await on.t.app.inject({
      method: "POST",
      url: "/api/account/factors",
      headers: { authorization: `Bearer ${token}` },
      payload: { factor_type: "webauthn" },
    });
    expect(site.statusCode).toBe(400);
  });
});
