// The authentication service (/auth/v1) driven by the official @supabase/auth-js client against
// the real server on a port, on the same users and sessions as account/*
// (docs/decisions/013-auth-service.md). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
// This file: signing up and in, with a password, e-mailed codes and links, and a second factor.
import { AuthApiError } from "@supabase/auth-js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { totpCode } from "@studyatlas/core/accounts/totp.ts";

import {
  GOOD_PASSWORD,
  adminClient,
  authClient,
  authMail,
  authMailCount,
  uniqueAddress,
} from "./auth-service-client.ts";
import {
  accountDetail,
  confirmedUser,
  expectAuthError,
  forgetAddressLimits,
  startAuthService,
} from "./auth-service-support.ts";
import type { TestApp } from "./test-app.ts";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  ({ t, baseUrl } = await startAuthService());
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => forgetAddressLimits(t));

describe("sign-up and sign-in with auth-js", () => {
  it("signs up without a session until the e-mailed code confirms the address", async () => {
    const email = uniqueAddress();
    const client = authClient(baseUrl);
    const { data, error } = await client.signUp({
      email,
      password: GOOD_PASSWORD,
      options: { data: { first_name: "Ada", favourite: "maths" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(typeof data.user?.id).toBe("string");
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ first_name: "Ada", favourite: "maths" });
    expect(data.user?.identities?.[0]?.provider).toBe("email");

    const early = await client.signInWithPassword({ email, password: GOOD_PASSWORD });
    expectAuthError(early.error, 400, "email_not_confirmed");

    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    const wrong = await client.verifyOtp({
      email,
      token: mail.code === "000000" ? "111111" : "000000",
      type: "signup",
    });
    expectAuthError(wrong.error, 403, "otp_expired");
    const verified = await client.verifyOtp({ email, token: mail.code, type: "signup" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    // The code works once.
    const again = await client.verifyOtp({ email, token: mail.code, type: "signup" });
    expectAuthError(again.error, 403, "otp_expired");

    const { data: current } = await client.getUser();
    expect(current.user?.id).toBe(data.user?.id);
  });

  it("a second sign-up with a known address answers like a new one and sends no confirmation (no enumeration)", async () => {
    const { email } = await confirmedUser(t, baseUrl);
    const before = await authMailCount(t.database.db, email);
    // A minute later: the address's one-e-mail-a-minute limit starts over.
    await t.database.db.execute(sql`delete from rate_limit_events where key like 'auth-email:%'`);
    const known = await authClient(baseUrl).signUp({ email, password: GOOD_PASSWORD });
    const fresh = await authClient(baseUrl).signUp({
      email: uniqueAddress(),
      password: GOOD_PASSWORD,
    });
    expect(known.error).toBeNull();
    expect(known.data.session).toBeNull();
    // Same fields, same identities, ids from the same series: nothing tells them apart.
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shape)
        : value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
          : typeof value;
    expect(shape(known.data.user)).toEqual(shape(fresh.data.user));
    expect(known.data.user?.identities).toHaveLength(1);
    const idOf = (id: string | undefined) => parseInt((id ?? "").slice(-12), 16);
    expect(idOf(fresh.data.user?.id)).toBeGreaterThan(idOf(known.data.user?.id));
    expect(await authMailCount(t.database.db, email)).toBe(before);
  });

  it("refuses a weak password and a phone sign-up with GoTrue's codes", async () => {
    const weak = await authClient(baseUrl).signUp({ email: uniqueAddress(), password: "short" });
    expect(weak.error?.name).toBe("AuthWeakPasswordError");
    expect(weak.error?.status).toBe(422);
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(["length"]);
    const anonymous = await authClient(baseUrl).signInAnonymously();
    expectAuthError(anonymous.error, 422, "anonymous_provider_disabled");
    const phone = await authClient(baseUrl).signUp({
      phone: "+15555550100",
      password: GOOD_PASSWORD,
    });
    expectAuthError(phone.error, 400, "phone_provider_disabled");
  });

  it("signs in with the right password and refuses a wrong one or an unknown address alike", async () => {
    const { email } = await confirmedUser(t, baseUrl);
    const client = authClient(baseUrl);
    const wrong = await client.signInWithPassword({ email, password: "Wrong-Horse-42" });
    expectAuthError(wrong.error, 400, "invalid_credentials");
    expect(wrong.error?.message).toBe("Invalid login credentials");
    const unknown = await client.signInWithPassword({
      email: uniqueAddress(),
      password: GOOD_PASSWORD,
    });
    expectAuthError(unknown.error, 400, "invalid_credentials");
    const right = await client.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(right.error).toBeNull();
    expect(right.data.session?.token_type).toBe("bearer");
    expect(right.data.session?.expires_in).toBeGreaterThan(0);
  });

  it("puts GoTrue's claims in the access token, with aal and amr from the session", async () => {
    const { session, email } = await confirmedUser(t, baseUrl, uniqueAddress(), {
      first_name: "Grace",
    });
    const claims = JSON.parse(
      Buffer.from(session.access_token.split(".")[1]!, "base64url").toString("utf8"),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      aal: "aal1",
      is_anonymous: false,
      user_metadata: { first_name: "Grace" },
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect(typeof claims.iss).toBe("string");
    expect(typeof claims.session_id).toBe("string");
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr.map((entry) => entry.method)).toEqual(["email/signup"]);
    expect(typeof amr[0]?.timestamp).toBe("number");
    expect((claims.exp as number) - (claims.iat as number)).toBe(session.expires_in);
  });
});

describe("e-mail codes and links", () => {
  it("recovery: {} for any address, a code only to a known one, then a new password", async () => {
    const { email } = await confirmedUser(t, baseUrl);
    const client = authClient(baseUrl);
    const unknown = uniqueAddress("nobody");
    expect(await client.resetPasswordForEmail(unknown)).toEqual({ data: {}, error: null });
    expect((await client.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await authMail(t.database.db, email, "Reset your StudyAtlas password");
    expect(await authMailCount(t.database.db, unknown)).toBe(0);
    const events: string[] = [];
    client.onAuthStateChange((event) => void events.push(event));
    const verified = await client.verifyOtp({ email, token: mail.code, type: "recovery" });
    expect(verified.error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");
    expect((await client.updateUser({ password: "Recovered-Horse-7" })).error).toBeNull();
    const again = await authClient(baseUrl).signInWithPassword({
      email,
      password: "Recovered-Horse-7",
    });
    expect(again.error).toBeNull();
  });

  it("OTP by e-mail signs in an existing user; unknown addresses without create_user get {} and no mail", async () => {
    const { email } = await confirmedUser(t, baseUrl);
    const client = authClient(baseUrl);
    const sent = await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const mail = await authMail(t.database.db, email, "sign-in link");
    const verified = await client.verifyOtp({ email, token: mail.code, type: "email" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);

    const stranger = uniqueAddress("stranger");
    const unknown = await client.signInWithOtp({
      email: stranger,
      options: { shouldCreateUser: false },
    });
    expect(unknown.error).toBeNull();
    expect(await authMailCount(t.database.db, stranger)).toBe(0);
  });

  it("a magic link followed in the browser redirects with the session in the fragment", async () => {
    const { email } = await confirmedUser(t, baseUrl);
    await authClient(baseUrl).signInWithOtp({ email });
    const mail = await authMail(t.database.db, email, "sign-in link");
    const url = new URL(mail.link);
    const response = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe("http://localhost");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("magiclink");
    expect((await accountDetail(t, fragment.get("access_token")!)).statusCode).toBe(200);
    // The link works once; the second visit carries GoTrue's error.
    const again = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(
      new URLSearchParams(new URL(again.headers.location as string).hash.slice(1)).get(
        "error_code",
      ),
    ).toBe("otp_expired");
  });

  it("PKCE with auth-js: the link's code is exchanged only by the client holding the verifier", async () => {
    const { email } = await confirmedUser(t, baseUrl);
    const client = authClient(baseUrl, {}, "pkce");
    const sent = await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const mail = await authMail(t.database.db, email, "sign-in link");
    const url = new URL(mail.link);
    const followed = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(followed.statusCode).toBe(303);
    const location = new URL(followed.headers.location as string);
    expect(location.hash).toBe("");
    const code = location.searchParams.get("code")!;
    const stranger = authClient(baseUrl, {}, "pkce");
    expect((await stranger.exchangeCodeForSession(code)).error).not.toBeNull();
    const exchanged = await client.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect((await client.getUser()).data.user?.email).toBe(email);
  });

  it("redirect_to outside the allow list falls back to the site", async () => {
    const email = uniqueAddress();
    await authClient(baseUrl).signUp({
      email,
      password: GOOD_PASSWORD,
      options: { emailRedirectTo: "https://evil.example/steal" },
    });
    const mail = await authMail(t.database.db, email, "Confirm your StudyAtlas sign-up");
    expect(new URL(mail.link).searchParams.get("redirect_to")).toBe("http://localhost");
  });

  it("e-mail change is confirmed by the codes sent to the current and the new address", async () => {
    const { client, email } = await confirmedUser(t, baseUrl);
    const next = uniqueAddress("moved");
    const change = await client.updateUser({ email: next });
    expect(change.error).toBeNull();
    expect(change.data.user?.new_email).toBe(next);
    expect(change.data.user?.email).toBe(email);
    // Secure e-mail change (GoTrue's default): the current address confirms first here.
    const current = await authMail(t.database.db, email, "Confirm your StudyAtlas e-mail change");
    const first = await client.verifyOtp({ email, token: current.code, type: "email_change" });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const mail = await authMail(t.database.db, next, "Confirm your new StudyAtlas e-mail address");
    const verified = await client.verifyOtp({
      email: next,
      token: mail.code,
      type: "email_change",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(next);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/account/token",
      payload: { email: next, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe("multi-factor authentication through auth-js (ADR 014)", () => {
  it("enrols a TOTP factor, challenges and verifies it to aal2, lists it (also for the admin) and unenrols it", async () => {
    const { client, session } = await confirmedUser(t, baseUrl);
    const enrolled = await client.mfa.enroll({ factorType: "totp", friendlyName: "My phone" });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe("totp");
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(factor.totp.qr_code).toContain("<svg");

    const before = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: "aal1" });

    // A wrong code is refused, and a challenge works once.
    const first = await client.mfa.challenge({ factorId: factor.id });
    expect(first.error).toBeNull();
    const right = totpCode(factor.totp.secret);
    const wrong = await client.mfa.verify({
      factorId: factor.id,
      challengeId: first.data!.id,
      code: right === "000000" ? "111111" : "000000",
    });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error?.status).toBeGreaterThanOrEqual(400);
    expect(wrong.error?.status).toBeLessThan(500);

    const challenge = await client.mfa.challenge({ factorId: factor.id });
    const verified = await client.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: right,
    });
    expect(verified.error).toBeNull();
    expect(verified.data?.refresh_token).not.toBe(session.refresh_token);
    const after = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect(after.data?.currentAuthenticationMethods[0]).toMatchObject({ method: "totp" });

    const listed = await client.mfa.listFactors();
    expect(listed.data?.totp.map((entry) => entry.id)).toEqual([factor.id]);
    // The site's door sees the same factor and accepts the aal2 token.
    const detail = await accountDetail(t, verified.data!.access_token);
    expect(detail.statusCode).toBe(200);

    const admin = await adminClient(baseUrl);
    const adminList = await admin.mfa.listFactors({ userId: verified.data!.user.id });
    expect(adminList.data?.factors.map((entry) => entry.id)).toEqual([factor.id]);

    const removed = await client.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: verified.data!.user.id })).data?.factors).toEqual(
      [],
    );
  });

  it("asks a user with a verified factor for the code after the password (aal1, next aal2)", async () => {
    const { client, email } = await confirmedUser(t, baseUrl);
    const { data } = await client.mfa.enroll({ factorType: "totp" });
    const challenge = await client.mfa.challenge({ factorId: data!.id });
    await client.mfa.verify({
      factorId: data!.id,
      challengeId: challenge.data!.id,
      code: totpCode(data!.totp.secret),
    });
    await client.signOut();

    const again = authClient(baseUrl);
    const signedIn = await again.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect(signedIn.error).toBeNull();
    const level = await again.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    // The site refuses that token until the code is given.
    expect((await accountDetail(t, signedIn.data.session!.access_token)).statusCode).toBe(403);
    // Here it may change its metadata, but not the password or the address (GoTrue's rule).
    const metadata = await again.updateUser({ data: { theme: "dark" } });
    expect(metadata.error).toBeNull();
    const password = await again.updateUser({ password: "Another-Horse-43" });
    expectAuthError(password.error, 401, "insufficient_aal");
    const address = await again.updateUser({ email: uniqueAddress() });
    expectAuthError(address.error, 401, "insufficient_aal");
  });
});
