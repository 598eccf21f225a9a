// The phone as a second factor and the admin API's phones at /auth/v1
// (docs/decisions/064-phones-and-sms-codes.md; GoTrue's mfa.go phone factor, admin.go), through
// auth-js against a local fake Twilio. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GOOD_PASSWORD, adminClient, authClient, serviceRoleKey } from "./auth-service-client.ts";
import { call, expectCode } from "./auth-service-gotrue-cases-support.ts";
import { startFakeTwilio, type FakeTwilio } from "./fake-twilio.ts";
import { phoneSettings, startPhoneServer, uniquePhone, type PhoneServer } from "./phone-support.ts";

let twilio: FakeTwilio;
let product: PhoneServer;
let phones: PhoneServer;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  product = await startPhoneServer({});
  phones = await startPhoneServer({ sms: phoneSettings(twilio) });
});

afterAll(async () => {
  await Promise.all([product, phones].map((server) => server?.t.close()));
  await twilio?.close();
});

/** A confirmed phone user made by the admin API, signed in with its password. */
async function signedInPhoneUser(server: PhoneServer) {
  const phone = uniquePhone();
  const admin = await adminClient(server.baseUrl);
  const created = await admin.createUser({ phone, password: GOOD_PASSWORD, phone_confirm: true });
  expect(created.error).toBeNull();
  const client = authClient(server.baseUrl);
  expect((await client.signInWithPassword({ phone, password: GOOD_PASSWORD })).error).toBeNull();
  return { client, phone, userId: created.data.user!.id };
}

describe("admin users with phones", () => {
  it("creates a confirmed or unconfirmed phone user and refuses a taken number", async () => {
    const admin = await adminClient(phones.baseUrl);
    const phone = uniquePhone();
    const created = await admin.createUser({ phone: `+${phone}`, phone_confirm: true });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ phone, email: "" });
    expect(created.data.user?.phone_confirmed_at).toBeTruthy();
    const taken = await admin.createUser({ phone });
    expect(taken.error).toMatchObject({ status: 422, code: "phone_exists" });
    const unconfirmed = await admin.createUser({ phone: uniquePhone() });
    expect(unconfirmed.data.user?.phone_confirmed_at).toBeUndefined();
    const bad = await call(phones.t, "POST", "/admin/users", {
      token: await serviceRoleKey(),
      body: { phone: "+0 12" },
    });
    expectCode(bad, 400, "validation_failed");
  });

  it("updates a user's number and confirms it with phone_confirm", async () => {
    const admin = await adminClient(phones.baseUrl);
    const email = `admin-phone-${uniquePhone()}@example.com`;
    const created = await admin.createUser({ email, password: GOOD_PASSWORD, email_confirm: true });
    const phone = uniquePhone();
    const updated = await admin.updateUserById(created.data.user!.id, {
      phone,
      phone_confirm: true,
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ email, phone });
    expect(updated.data.user?.phone_confirmed_at).toBeTruthy();
    const other = await admin.createUser({ phone: uniquePhone() });
    const clash = await admin.updateUserById(other.data.user!.id, { phone });
    expect(clash.error).toMatchObject({ status: 422, code: "phone_exists" });
  });

  it("answers phone_provider_disabled in the product's profile", async () => {
    const created = await call(product.t, "POST", "/admin/users", {
      token: await serviceRoleKey(),
      body: { phone: uniquePhone(), phone_confirm: true },
    });
    expectCode(created, 400, "phone_provider_disabled");
  });
});

describe("mfa with factorType phone", () => {
  it("texts a code per challenge; the right code once raises the session to aal2", async () => {
    const { client } = await signedInPhoneUser(phones);
    const factorPhone = uniquePhone();
    const enrolled = await client.mfa.enroll({ factorType: "phone", phone: `+${factorPhone}` });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: "phone", phone: `+${factorPhone}` });
    const factorId = enrolled.data!.id;

    const before = twilio.messages.length;
    const challenge = await client.mfa.challenge({ factorId, channel: "sms" });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: "phone" });
    const text = twilio.messages.at(-1)!;
    expect(twilio.messages.length).toBe(before + 1);
    expect(text.body).toMatch(/^Your StudyAtlas sign-in code: \d{6}$/);
    const code = await twilio.codeFor(factorPhone, before);

    const wrong = await client.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    expect(wrong.error?.message).toBe("Invalid MFA Phone code entered");

    const right = await client.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
    expect(right.error).toBeNull();
    const level = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const [method] = level.data?.currentAuthenticationMethods ?? [];
    expect(typeof method === "string" ? method : method?.method).toBe("mfa/phone");

    const again = await client.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
    expect(again.error).toMatchObject({ status: 422, code: "mfa_ip_address_mismatch" });
    const factors = await client.mfa.listFactors();
    expect(factors.data?.phone).toEqual([
      expect.objectContaining({ id: factorId, status: "verified", factor_type: "phone" }),
    ]);
  });

  it("limits challenges to one text a minute and refuses bad input with 4xx", async () => {
    const { client } = await signedInPhoneUser(phones);
    const enrolled = await client.mfa.enroll({ factorType: "phone", phone: uniquePhone() });
    const factorId = enrolled.data!.id;
    expect((await client.mfa.challenge({ factorId })).error).toBeNull();
    const second = await client.mfa.challenge({ factorId });
    expect(second.error).toMatchObject({ status: 429, code: "over_sms_send_rate_limit" });
    const token = (await client.getSession()).data.session!.access_token;
    expectCode(
      await call(phones.t, "POST", "/factors", {
        token,
        body: { factor_type: "phone", phone: "abc" },
      }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(phones.t, "POST", "/factors", { token, body: { factor_type: "phone" } }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(phones.t, "POST", `/factors/${factorId}/challenge`, {
        token,
        body: { channel: "fax" },
      }),
      400,
      "validation_failed",
    );
  });

  it("answers mfa_phone_enroll_not_enabled in the product's profile", async () => {
    const admin = await adminClient(product.baseUrl);
    const email = `mfa-${uniquePhone()}@example.com`;
    await admin.createUser({ email, password: GOOD_PASSWORD, email_confirm: true });
    const client = authClient(product.baseUrl);
    await client.signInWithPassword({ email, password: GOOD_PASSWORD });
    const enrolled = await client.mfa.enroll({ factorType: "phone", phone: uniquePhone() });
    expect(enrolled.error).toMatchObject({ status: 422, code: "mfa_phone_enroll_not_enabled" });
  });
});
