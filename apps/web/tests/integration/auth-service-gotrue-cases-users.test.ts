// GoTrue's own test cases (supabase/auth internal/api/*_test.go, commit bc32168), ported to our
// auth service where they apply; docs/decisions/013-auth-service.md lists which were ported, which
// were adapted and which were left out, and why. Each `it` names the GoTrue test it ports.
// This file: the signed-in user's own API, identities, and the admin and invite APIs.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signApiKey } from "@studyatlas/core/auth-service/api-keys.ts";

import { AUTH_SECRET, GOOD_PASSWORD, authMail, uniqueAddress } from "./auth-service-client.ts";
import {
  GOOGLE_CLIENT,
  call,
  confirmed,
  expectCode,
  goTrueCasesConfig,
  signIn,
  type SessionJson,
} from "./auth-service-gotrue-cases-support.ts";
import { startGoogleStub, type GoogleStub } from "./google-sign-in-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let adminKey = "";
let googleStub: GoogleStub;

beforeAll(async () => {
  googleStub = await startGoogleStub(GOOGLE_CLIENT);
  t = await createTestApp({ config: goTrueCasesConfig(googleStub) });
  adminKey = await signApiKey(AUTH_SECRET, "service_role");
});

afterAll(async () => {
  await t?.close();
  await googleStub?.close();
});

describe("user_test.go", () => {
  it("TestUserGet: the user object, not wrapped; 401 without a token; 403 bad_jwt for a bad one", async () => {
    const session = await confirmed(t);
    const me = await call(t, "GET", "/user", { token: session.access_token });
    expect(me.json()).toMatchObject({ id: session.user.id, email: session.user.email });
    const none = await call(t, "GET", "/user");
    expectCode(none, 401, "no_authorization");
    expect(none.json<{ message: string }>().message).toContain("Bearer token");
    expectCode(await call(t, "GET", "/user", { token: "not.a.jwt" }), 403, "bad_jwt");
  });

  it("TestUserUpdatePasswordReauthentication: an old session needs a nonce, which /reauthenticate mails", async () => {
    const session = await confirmed(t);
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '25 hours' where id = ${
        (
          JSON.parse(Buffer.from(session.access_token.split(".")[1]!, "base64url").toString()) as {
            session_id: string;
          }
        ).session_id
      }`,
    );
    expectCode(
      await call(t, "PUT", "/user", {
        token: session.access_token,
        body: { password: "Fresh-Horse-99" },
      }),
      400,
      "reauthentication_needed",
    );
    expect(
      (await call(t, "GET", "/reauthenticate", { token: session.access_token })).statusCode,
    ).toBe(200);
    const mail = await authMail(t.database.db, session.user.email, "confirmation code");
    expectCode(
      await call(t, "PUT", "/user", {
        token: session.access_token,
        body: { password: "Fresh-Horse-99", nonce: "000000" === mail.code ? "111111" : "000000" },
      }),
      400,
      "reauthentication_not_valid",
    );
    const ok = await call(t, "PUT", "/user", {
      token: session.access_token,
      body: { password: "Fresh-Horse-99", nonce: mail.code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await signIn(t, session.user.email, "Fresh-Horse-99")).statusCode).toBe(200);
  });

  it("keeps metadata small enough for a token in a cookie (2 KB), merged or not", async () => {
    const session = await confirmed(t);
    expectCode(
      await call(t, "PUT", "/user", {
        token: session.access_token,
        body: { data: { bio: "x".repeat(3000) } },
      }),
      400,
      "validation_failed",
    );
    const half = { a: "x".repeat(1200) };
    expect(
      (await call(t, "PUT", "/user", { token: session.access_token, body: { data: half } }))
        .statusCode,
    ).toBe(200);
    expectCode(
      await call(t, "PUT", "/user", {
        token: session.access_token,
        body: { data: { b: "y".repeat(1200) } },
      }),
      400,
      "validation_failed",
    );
  });

  it("TestUserUpdatePassword: the current password is an accepted proof too; a wrong one is refused", async () => {
    const session = await confirmed(t);
    expectCode(
      await call(t, "PUT", "/user", {
        token: session.access_token,
        body: { password: GOOD_PASSWORD },
      }),
      422,
      "same_password",
    );
    expectCode(
      await call(t, "PUT", "/user", { token: session.access_token, body: { password: "x" } }),
      422,
      "weak_password",
    );
    expectCode(
      await call(t, "PUT", "/user", {
        token: session.access_token,
        body: { password: "Third-Horse-33", current_password: "Not-It-1234" },
      }),
      422,
      "current_password_mismatch",
    );
  });
});

describe("identity_test.go", () => {
  it("TestUnlinkIdentityError / TestUnlinkIdentity / TestLinkIdentityToUser", async () => {
    const session = await confirmed(t);
    const [email] = session.user.identities;
    expectCode(
      await call(t, "DELETE", `/user/identities/${email!.identity_id}`, {
        token: session.access_token,
      }),
      422,
      "single_identity_not_deletable",
    );
    await t.database.db.execute(
      sql`update users set google_subject = ${`g-${session.user.id}`} where lower(email) = lower(${session.user.email})`,
    );
    const both = (await call(t, "GET", "/user", { token: session.access_token })).json<
      SessionJson["user"]
    >();
    expect(both.identities.map((identity) => identity.provider)).toEqual(["email", "google"]);
    expectCode(
      await call(t, "DELETE", "/user/identities/00000000-0000-4000-8000-000000000000", {
        token: session.access_token,
      }),
      422,
      "identity_not_found",
    );
    const google = both.identities.find((identity) => identity.provider === "google")!;
    const unlinked = await call(t, "DELETE", `/user/identities/${google.identity_id}`, {
      token: session.access_token,
    });
    expect(unlinked.statusCode).toBe(200);
    const after = (await call(t, "GET", "/user", { token: session.access_token })).json<
      SessionJson["user"]
    >();
    expect(after.identities.map((identity) => identity.provider)).toEqual(["email"]);
    expectCode(
      await call(t, "GET", "/user/identities/authorize?provider=google", {
        token: session.access_token,
      }),
      404,
      "manual_linking_disabled",
    );
  });
});

describe("admin_test.go and invite_test.go", () => {
  it("TestAdminUsersUnauthorized / TestInvite_WithoutAccess", async () => {
    const session = await confirmed(t);
    expectCode(await call(t, "GET", "/admin/users"), 401, "no_authorization");
    expectCode(
      await call(t, "GET", "/admin/users", { token: session.access_token }),
      403,
      "not_admin",
    );
    expectCode(
      await call(t, "POST", "/invite", {
        token: session.access_token,
        body: { email: uniqueAddress() },
      }),
      403,
      "not_admin",
    );
  });

  it("TestAdminUsers_FilterEmail / TestAdminUsers_Pagination: bad paging is a 400", async () => {
    const { user } = await confirmed(t);
    const found = await call(t, "GET", `/admin/users?filter=${encodeURIComponent(user.email)}`, {
      token: adminKey,
    });
    expect(found.json<{ users: { email: string }[] }>().users.map((entry) => entry.email)).toEqual([
      user.email,
    ]);
    expect(found.headers["x-total-count"]).toBe("1");
    expectCode(
      await call(t, "GET", "/admin/users?page=zero", { token: adminKey }),
      400,
      "validation_failed",
    );
  });

  it("TestAdminUsers_SortAsc / TestAdminUsers_SortDesc: newest first unless sort=created_at asc", async () => {
    const older = await confirmed(t);
    const newer = await confirmed(t);
    const ids = async (sort?: string) =>
      (
        await call(
          t,
          "GET",
          `/admin/users?per_page=1000${sort ? `&sort=${encodeURIComponent(sort)}` : ""}`,
          { token: adminKey },
        )
      )
        .json<{ users: { id: string }[] }>()
        .users.map((user) => user.id);
    const byDefault = await ids();
    expect(byDefault.indexOf(newer.user.id)).toBeLessThan(byDefault.indexOf(older.user.id));
    const ascending = await ids("created_at asc");
    expect(ascending.indexOf(older.user.id)).toBeLessThan(ascending.indexOf(newer.user.id));
    expect(await ids("created_at desc")).toEqual(byDefault);
    expectCode(
      await call(t, "GET", "/admin/users?sort=email", { token: adminKey }),
      400,
      "validation_failed",
    );
    expectCode(
      await call(t, "GET", `/admin/users?sort=${encodeURIComponent("created_at sideways")}`, {
        token: adminKey,
      }),
      400,
      "validation_failed",
    );
  });

  it("TestAdminUserCreateValidationErrors / TestAdminUserUpdatePasswordFailed / TestAdminUserUpdateBannedUntilFailed", async () => {
    expectCode(
      await call(t, "POST", "/admin/users", { token: adminKey, body: { password: GOOD_PASSWORD } }),
      400,
      "email_address_invalid",
    );
    expectCode(
      await call(t, "POST", "/admin/users", { token: adminKey, body: { email: "not-an-email" } }),
      400,
      "email_address_invalid",
    );
    const { user } = await confirmed(t);
    expectCode(
      await call(t, "PUT", `/admin/users/${user.id}`, { token: adminKey, body: { password: "1" } }),
      422,
      "weak_password",
    );
    expectCode(
      await call(t, "PUT", `/admin/users/${user.id}`, {
        token: adminKey,
        body: { ban_duration: "forever" },
      }),
      400,
      "validation_failed",
    );
  });

  it("TestAdminUserUpdate (ban): a ban ends the user's sessions and blocks sign-in; none lifts it", async () => {
    const session = await confirmed(t);
    const banned = await call(t, "PUT", `/admin/users/${session.user.id}`, {
      token: adminKey,
      body: { ban_duration: "24h" },
    });
    expect(banned.json<{ banned_until?: string }>().banned_until).toBeTruthy();
    expectCode(
      await call(t, "GET", "/user", { token: session.access_token }),
      403,
      "session_not_found",
    );
    expectCode(await signIn(t, session.user.email), 400, "user_banned");
    await call(t, "PUT", `/admin/users/${session.user.id}`, {
      token: adminKey,
      body: { ban_duration: "none" },
    });
    expect((await signIn(t, session.user.email)).statusCode).toBe(200);
  });

  it("TestAdminUserGet / TestAdminUserDelete / TestAdminUserGetFactors / TestAdminUserDeleteFactor", async () => {
    const { user } = await confirmed(t);
    expect(
      (await call(t, "GET", `/admin/users/${user.id}`, { token: adminKey })).json(),
    ).toMatchObject({ id: user.id });
    expect(
      (await call(t, "GET", `/admin/users/${user.id}/factors`, { token: adminKey })).json(),
    ).toEqual([]);
    expectCode(
      await call(
        t,
        "DELETE",
        `/admin/users/${user.id}/factors/00000000-0000-4000-8000-000000000009`,
        {
          token: adminKey,
        },
      ),
      404,
      "mfa_factor_not_found",
    );
    expect(
      (
        await call(t, "DELETE", `/admin/users/${user.id}`, {
          token: adminKey,
          body: { should_soft_delete: false },
        })
      ).statusCode,
    ).toBe(200);
    expectCode(
      await call(t, "GET", `/admin/users/${user.id}`, { token: adminKey }),
      404,
      "user_not_found",
    );
    expectCode(
      await call(t, "GET", "/admin/users/not-an-id", { token: adminKey }),
      404,
      "user_not_found",
    );
  });

  it("TestInvite / TestInviteExists / TestVerifyInvite / TestInviteAfterSignupShouldNotReturnSensitiveFields", async () => {
    const email = uniqueAddress("invite");
    const invited = await call(t, "POST", "/invite", {
      token: adminKey,
      body: { email, data: { first_name: "Rosalind" } },
    });
    expect(invited.statusCode).toBe(200);
    const body = invited.json<Record<string, unknown>>();
    expect(body.invited_at).toBeTruthy();
    expect(body).not.toHaveProperty("encrypted_password");
    expect(body).not.toHaveProperty("password_hash");
    expectCode(
      await call(t, "POST", "/invite", { token: adminKey, body: { email } }),
      422,
      "email_exists",
    );
    const mail = await authMail(t.database.db, email, "invited");
    const verified = await call(t, "POST", "/verify", {
      body: { type: "invite", token_hash: mail.tokenHash },
    });
    expect(verified.statusCode).toBe(200);
    const claims = JSON.parse(
      Buffer.from(verified.json<SessionJson>().access_token.split(".")[1]!, "base64url").toString(),
    ) as { amr: { method: string }[] };
    expect(claims.amr[0]?.method).toBe("invite");
  });
});
