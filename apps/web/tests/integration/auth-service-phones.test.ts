// Phone sign-up and sign-in with texted codes at /auth/v1 (docs/decisions/064-phones-and-sms-codes.md;
// GoTrue's phone.go, signup.go, otp.go, verify.go, resend.go, token.go, user.go), through auth-js
// and as it sends the requests, against a local fake Twilio that records the texts. Runs on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { users } from "@studyatlas/db/schema/accounts.ts";

import { GOOD_PASSWORD, authClient } from "./auth-service-client.ts";
import { call, expectCode } from "./auth-service-gotrue-cases-support.ts";
import { startFakeTwilio, type FakeTwilio } from "./fake-twilio.ts";
import {
  TEST_CODE,
  TEST_NUMBER,
  phoneSettings,
  startPhoneServer,
  uniquePhone,
  type PhoneServer,
} from "./phone-support.ts";

let twilio: FakeTwilio;
let product: PhoneServer;
let phones: PhoneServer;
let auto: PhoneServer;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  product = await startPhoneServer({});
  phones = await startPhoneServer({ sms: phoneSettings(twilio) });
  auto = await startPhoneServer({ sms: phoneSettings(twilio, { autoconfirm: true }) });
});

afterAll(async () => {
  await Promise.all([product, phones, auto].map((server) => server?.t.close()));
  await twilio?.close();
});

/** As if a minute had passed: one text a minute per number starts over. */
async function forgetSmsLimits(server: PhoneServer) {
  await server.t.database.db.execute(sql`delete from rate_limit_events where key like 'auth-sms%'`);
}

async function signedUpAndConfirmed(server: PhoneServer, phone = uniquePhone()) {
  const client = authClient(server.baseUrl);
  const before = twilio.messages.length;
  expect((await client.signUp({ phone: `+${phone}`, password: GOOD_PASSWORD })).error).toBeNull();
  const code = await twilio.codeFor(phone, before);
  const verified = await client.verifyOtp({ phone: `+${phone}`, token: code, type: "sms" });
  expect(verified.error).toBeNull();
  return { client, phone, session: verified.data.session! };
}

describe("the product's profile: phones off", () => {
  it("answers every phone request phone_provider_disabled", async () => {
    const t = product.t;
    const body = { phone: "+14155550100", password: GOOD_PASSWORD };
    expectCode(await call(t, "POST", "/signup", { body }), 400, "phone_provider_disabled");
    expectCode(
      await call(t, "POST", "/otp", { body: { phone: "+14155550100" } }),
      400,
      "phone_provider_disabled",
    );
    // Verifying checks the number and the code, as GoTrue's does: no code was ever texted.
    expectCode(
      await call(t, "POST", "/verify", {
        body: { type: "sms", phone: "+14155550100", token: "123456" },
      }),
      403,
      "otp_expired",
    );
    expectCode(
      await call(t, "POST", "/verify", {
        body: { type: "sms", phone: "+14155550100-invalid", token: "123456" },
      }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(t, "POST", "/resend", { body: { type: "sms", phone: "+14155550100" } }),
      400,
      "phone_provider_disabled",
    );
    expectCode(
      await call(t, "POST", "/token?grant_type=password", { body }),
      422,
      "phone_provider_disabled",
    );
    const settings = (await call(t, "GET", "/settings")).json<Record<string, unknown>>();
    expect(settings).toMatchObject({
      phone_autoconfirm: false,
      sms_provider: "",
      external: { phone: false },
    });
  });
});

describe("phone sign-up with confirmations (GOTRUE_SMS_AUTOCONFIRM off)", () => {
  it("texts a code, answers no session; the code confirms the number and signs in", async () => {
    const phone = uniquePhone();
    const client = authClient(phones.baseUrl);
    const before = twilio.messages.length;
    const signUp = await client.signUp({ phone: `+1 ${phone.slice(1)}`, password: GOOD_PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({ phone, email: "" });
    const message = twilio.messages.at(-1)!;
    expect(twilio.messages.length).toBe(before + 1);
    expect(message).toMatchObject({
      to: `+${phone}`,
      sender: "MG00000000000000000000000000000000",
    });
    expect(message.path).toBe(
      "/2010-04-01/Accounts/AC00000000000000000000000000000000/Messages.json",
    );
    expect(message.body).toMatch(/^Your code is \d{6}$/);
    // Stored hashed only: the code appears nowhere in the tokens table.
    const code = await twilio.codeFor(phone, before);
    const stored = await phones.t.database.db.execute(
      sql`select code_hash, relates_to, token_type from one_time_tokens where relates_to = ${phone}`,
    );
    expect(JSON.stringify(stored)).not.toContain(code);

    expectCode(
      await call(phones.t, "POST", "/token?grant_type=password", {
        body: { phone, password: GOOD_PASSWORD },
      }),
      400,
      "phone_not_confirmed",
    );
    const verified = await client.verifyOtp({ phone, token: code, type: "sms" });
    expect(verified.error).toBeNull();
    const user = verified.data.user!;
    expect(user.phone).toBe(phone);
    expect(user.phone_confirmed_at).toBeTruthy();
    expect(user.confirmed_at).toBe(user.phone_confirmed_at);
    expect(user.app_metadata).toMatchObject({ provider: "phone", providers: ["phone"] });
    expect(user.identities?.map((identity) => identity.provider)).toEqual(["phone"]);
    expect(user.identities?.[0]?.identity_data).toMatchObject({ phone, phone_verified: true });
    const claims: unknown = JSON.parse(
      Buffer.from(verified.data.session!.access_token.split(".")[1]!, "base64url").toString(),
    );
    expect(claims).toMatchObject({
      phone,
      email: "",
      amr: [expect.objectContaining({ method: "otp" })],
    });
    // Used once.
    expectCode(
      await call(phones.t, "POST", "/verify", { body: { type: "sms", phone, token: code } }),
      403,
      "otp_expired",
    );
    const password = await authClient(phones.baseUrl).signInWithPassword({
      phone: `+${phone}`,
      password: GOOD_PASSWORD,
    });
    expect(password.error).toBeNull();
    expect(password.data.user?.phone).toBe(phone);
    expectCode(
      await call(phones.t, "POST", "/token?grant_type=password", {
        body: { phone, password: "Wrong-Horse-42" },
      }),
      400,
      "invalid_credentials",
    );
  });

  it("answers a decoy for a confirmed number and texts nothing; a second text within a minute is 429", async () => {
    const { phone } = await signedUpAndConfirmed(phones);
    await forgetSmsLimits(phones);
    const before = twilio.messages.length;
    const again = await call(phones.t, "POST", "/signup", {
      body: { phone, password: GOOD_PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ phone: string; id: string }>().phone).toBe(phone);
    expect(twilio.messages.length).toBe(before);

    const fresh = uniquePhone();
    expect((await call(phones.t, "POST", "/otp", { body: { phone: fresh } })).statusCode).toBe(200);
    const limited = await call(phones.t, "POST", "/otp", { body: { phone: fresh } });
    expectCode(limited, 429, "over_sms_send_rate_limit");
    expect(limited.json<{ message: string }>().message).toBe(
      "For security purposes, you can only request this after 60 seconds.",
    );
  });

  it("refuses bad numbers, both e-mail and phone, and PKCE", async () => {
    for (const phone of ["1", "+0 415 555", "415-555-0100", "phone"]) {
      const answer = await call(phones.t, "POST", "/signup", {
        body: { phone, password: GOOD_PASSWORD },
      });
      expectCode(answer, 400, "validation_failed");
      expect(answer.json<{ message: string }>().message).toBe(
        "Invalid phone number format (E.164 required)",
      );
      expectCode(
        await call(phones.t, "POST", "/otp", { body: { phone } }),
        400,
        "validation_failed",
      );
    }
    expectCode(
      await call(phones.t, "POST", "/signup", {
        body: { email: "a@example.com", phone: uniquePhone(), password: GOOD_PASSWORD },
      }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(phones.t, "POST", "/signup", {
        body: {
          phone: uniquePhone(),
          password: GOOD_PASSWORD,
          code_challenge: "x".repeat(43),
          code_challenge_method: "s256",
        },
      }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(phones.t, "POST", "/otp", { body: { phone: uniquePhone(), channel: "pigeon" } }),
      400,
      "validation_failed",
    );
  });

  it("reports a provider's refusal as 422 sms_send_failed and keeps nothing", async () => {
    const phone = uniquePhone();
    twilio.refuse.add(`+${phone}`);
    const answer = await call(phones.t, "POST", "/signup", {
      body: { phone, password: GOOD_PASSWORD },
    });
    expectCode(answer, 422, "sms_send_failed");
    expect(answer.json<{ message: string }>().message).toMatch(
      /^Error sending confirmation OTP to provider: The 'To' number \+\d+ is not a valid phone number\./,
    );
    const [row] = await phones.t.database.db
      .select()
      .from(users)
      .where(sql`${users.phone} = ${phone}`);
    expect(row).toBeUndefined();
    twilio.refuse.delete(`+${phone}`);
    // The failed text did not use the number's minute.
    expect(
      (await call(phones.t, "POST", "/signup", { body: { phone, password: GOOD_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });
});

describe("signInWithOtp, verifyOtp and resend", () => {
  it("creates a user for a new number, signs in a known one, and counts wrong codes per number", async () => {
    const phone = uniquePhone();
    const client = authClient(phones.baseUrl);
    let before = twilio.messages.length;
    expect((await client.signInWithOtp({ phone: `+${phone}` })).error).toBeNull();
    let code = await twilio.codeFor(phone, before);
    expect((await client.verifyOtp({ phone, token: code, type: "sms" })).data.user?.phone).toBe(
      phone,
    );

    await forgetSmsLimits(phones);
    before = twilio.messages.length;
    expect(
      (await call(phones.t, "POST", "/otp", { body: { phone, create_user: false } })).statusCode,
    ).toBe(200);
    code = await twilio.codeFor(phone, before);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectCode(
        await call(phones.t, "POST", "/verify", { body: { type: "sms", phone, token: wrong } }),
        403,
        "otp_expired",
      );
    }
    expectCode(
      await call(phones.t, "POST", "/verify", { body: { type: "sms", phone, token: code } }),
      429,
      "over_request_rate_limit",
    );
  });

  it("answers {} and texts nothing for an unknown number without create_user", async () => {
    const before = twilio.messages.length;
    const answer = await call(phones.t, "POST", "/otp", {
      body: { phone: uniquePhone(), create_user: false },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({});
    expect(twilio.messages.length).toBe(before);
    expectCode(
      await call(auto.t, "POST", "/otp", { body: { phone: uniquePhone(), create_user: false } }),
      422,
      "otp_disabled",
    );
  });

  it("gives a test number its fixed code and texts nothing", async () => {
    const before = twilio.messages.length;
    const client = authClient(phones.baseUrl);
    expect((await client.signInWithOtp({ phone: `+${TEST_NUMBER}` })).data.messageId).toBe(
      "test-otp",
    );
    expect(twilio.messages.length).toBe(before);
    const verified = await client.verifyOtp({ phone: TEST_NUMBER, token: TEST_CODE, type: "sms" });
    expect(verified.error).toBeNull();
  });

  it("lets exactly one of two concurrent uses of a code win", async () => {
    const phone = uniquePhone();
    const before = twilio.messages.length;
    await call(phones.t, "POST", "/otp", { body: { phone } });
    const code = await twilio.codeFor(phone, before);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(phones.t, "POST", "/verify", { body: { type: "sms", phone, token: code } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403, 403]);
  });

  it("resends the confirmation code while unconfirmed, and nothing once confirmed", async () => {
    const phone = uniquePhone();
    await call(phones.t, "POST", "/signup", { body: { phone, password: GOOD_PASSWORD } });
    await forgetSmsLimits(phones);
    const before = twilio.messages.length;
    const resent = await authClient(phones.baseUrl).resend({ type: "sms", phone });
    expect(resent.error).toBeNull();
    const code = await twilio.codeFor(phone, before);
    expect(
      (await call(phones.t, "POST", "/verify", { body: { type: "sms", phone, token: code } }))
        .statusCode,
    ).toBe(200);
    await forgetSmsLimits(phones);
    const after = twilio.messages.length;
    expect(
      (await call(phones.t, "POST", "/resend", { body: { type: "sms", phone } })).json(),
    ).toEqual({});
    expect(twilio.messages.length).toBe(after);
    expectCode(
      await call(phones.t, "POST", "/resend", { body: { type: "sms" } }),
      400,
      "validation_failed",
    );
  });
});

describe("GOTRUE_SMS_AUTOCONFIRM", () => {
  it("answers a session at sign-up, a taken number user_already_exists; /settings says so", async () => {
    const phone = uniquePhone();
    const before = twilio.messages.length;
    const signUp = await authClient(auto.baseUrl).signUp({ phone, password: GOOD_PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.user.phone_confirmed_at).toBeTruthy();
    expect(twilio.messages.length).toBe(before);
    expectCode(
      await call(auto.t, "POST", "/signup", { body: { phone, password: GOOD_PASSWORD } }),
      422,
      "user_already_exists",
    );
    const settings = (await call(auto.t, "GET", "/settings")).json<Record<string, unknown>>();
    expect(settings).toMatchObject({
      phone_autoconfirm: true,
      sms_provider: "twilio",
      external: { phone: true },
    });
  });
});

describe("updateUser({ phone })", () => {
  it("texts the new number; its code moves the user; a taken number is phone_exists", async () => {
    const { client, phone } = await signedUpAndConfirmed(phones);
    const other = await signedUpAndConfirmed(phones);
    const taken = await call(phones.t, "PUT", "/user", {
      token: (await client.getSession()).data.session!.access_token,
      body: { phone: other.phone },
    });
    expectCode(taken, 422, "phone_exists");
    const next = uniquePhone();
    const before = twilio.messages.length;
    const updated = await client.updateUser({ phone: `+${next}` });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ phone, new_phone: next });
    const code = await twilio.codeFor(next, before);
    await forgetSmsLimits(phones);
    expect(
      (await authClient(phones.baseUrl).resend({ type: "phone_change", phone: next })).error,
    ).toBeNull();
    const resent = await twilio.codeFor(next, before + 1);
    expectCode(
      await call(phones.t, "POST", "/verify", {
        body: { type: "phone_change", phone: next, token: code },
      }),
      403,
      "otp_expired",
    );
    const verified = await client.verifyOtp({ phone: next, token: resent, type: "phone_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ phone: next });
    expect(verified.data.user?.new_phone).toBeUndefined();
  });

  it("gives an e-mail user a phone identity beside the e-mail one", async () => {
    const admin = await call(auto.t, "POST", "/admin/users", {
      token: await (await import("./auth-service-client.ts")).serviceRoleKey(),
      body: {
        email: `phone-${uniquePhone()}@example.com`,
        password: GOOD_PASSWORD,
        email_confirm: true,
      },
    });
    expect(admin.statusCode, admin.body).toBe(200);
    const email = admin.json<{ email: string }>().email;
    const client = authClient(auto.baseUrl);
    expect((await client.signInWithPassword({ email, password: GOOD_PASSWORD })).error).toBeNull();
    const phone = uniquePhone();
    const updated = await client.updateUser({ phone });
    expect(updated.data.user).toMatchObject({ phone, email });
    expect(updated.data.user?.identities?.map((identity) => identity.provider)).toEqual([
      "email",
      "phone",
    ]);
    expect(updated.data.user?.app_metadata).toMatchObject({
      provider: "email",
      providers: ["email", "phone"],
    });
  });
});

describe("the site's doors", () => {
  it("treat a phone-only user's token as signed out", async () => {
    const { session } = await signedUpAndConfirmed(phones);
    const detail = await phones.t.app.inject({
      method: "GET",
      url: "/api/account/detail",
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(detail.statusCode).toBe(401);
    const own = await call(phones.t, "GET", "/user", { token: session.access_token });
    expect(own.statusCode).toBe(200);
  });
});
