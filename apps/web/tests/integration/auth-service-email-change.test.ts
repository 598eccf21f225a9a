// Changing the e-mail address through PUT /auth/v1/user (docs/security.md V6): with GoTrue's secure
// e-mail change (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by default) the current and the new
// address each get a code and link, and the account moves only once both are used; without it the
// new address confirms alone and the current one is told of the request. Either way the old
// address hears when the address has changed, and a session older than a day must prove itself
// again (a recent sign-in, the current password or the /reauthenticate nonce) before asking.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { listOutbox } from "@studyatlas/core/accounts/outbox.ts";
import type { Database } from "@studyatlas/db/client.ts";
import { users } from "@studyatlas/db/schema/accounts.ts";

import { testConfig } from "../../server/test-config.ts";
import { AUTH_SECRET, GOOD_PASSWORD, authMail, uniqueAddress } from "./auth-service-client.ts";
import {
  call,
  confirmed,
  expectCode,
  forgetEmailLimits,
  signIn,
  type SessionJson,
} from "./auth-service-gotrue-cases-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const SINGLE_CONFIRMATION =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";
const CURRENT_MAIL = "Confirm your StudyAtlas e-mail change";
const NEW_MAIL = "Confirm your new StudyAtlas e-mail address";

let secure: TestApp;
let plain: TestApp;

beforeAll(async () => {
  const base = testConfig();
  const auth = {
    ...base.auth,
    secret: AUTH_SECRET,
    redirectUrls: ["https://app.example.com/**"],
  };
  secure = await createTestApp({ config: { auth } });
  plain = await createTestApp({ config: { auth: { ...auth, secureEmailChange: false } } });
});

afterAll(async () => {
  await secure?.close();
  await plain?.close();
});

/** The notices (no code, no link to follow) sent to `email`, once `count` have arrived. */
async function notices(db: Database, email: string, count: number) {
  let found: Awaited<ReturnType<typeof listOutbox>> = [];
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    found = (await listOutbox(db, { to: email })).filter(
      (row) => row.kind === "email_change_notice",
    );
    if (found.length >= count) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return found;
}

async function emailOf(t: TestApp, token: string): Promise<string> {
  const me = await call(t, "GET", "/user", { token });
  expect(me.statusCode, me.body).toBe(200);
  return me.json<{ email: string }>().email;
}

async function askToMove(t: TestApp, session: SessionJson, next: string) {
  const change = await call(t, "PUT", "/user", {
    token: session.access_token,
    body: { email: next },
  });
  expect(change.statusCode, change.body).toBe(200);
  expect(change.json()).toMatchObject({ email: session.user.email, new_email: next });
}

describe("secure e-mail change (the default)", () => {
  it("e-mails both addresses and moves only once both codes are used", async () => {
    const session = await confirmed(secure);
    const old = session.user.email;
    const next = uniqueAddress("moved");
    await askToMove(secure, session, next);
    const current = await authMail(secure.database.db, old, CURRENT_MAIL);
    const fresh = await authMail(secure.database.db, next, NEW_MAIL);

    const first = await call(secure, "POST", "/verify", {
      body: { type: "email_change", email: next, token: fresh.code },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ msg: SINGLE_CONFIRMATION, code: "200" });
    expect(await emailOf(secure, session.access_token)).toBe(old);
    expect((await signIn(secure, next)).statusCode).toBe(400);
    expect((await notices(secure.database.db, old, 0)).length).toBe(0);

    const second = await call(secure, "POST", "/verify", {
      body: { type: "email_change", email: old, token: current.code },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<SessionJson>().user.email).toBe(next);
    expect((await signIn(secure, next)).statusCode).toBe(200);
    const told = await notices(secure.database.db, old, 1);
    expect(told[0]?.subject).toMatch(/was changed/);
    expect(told[0]?.text).toContain(next);
  });

  it("the same through the links: the first lands with GoTrue's message, the second with a session", async () => {
    const session = await confirmed(secure);
    const old = session.user.email;
    const next = uniqueAddress("linked");
    await askToMove(secure, session, next);
    const current = await authMail(secure.database.db, old, CURRENT_MAIL);
    const fresh = await authMail(secure.database.db, next, NEW_MAIL);
    const redirect = encodeURIComponent("https://app.example.com/moved");

    const first = await call(
      secure,
      "GET",
      `/verify?token=${current.tokenHash}&type=email_change&redirect_to=${redirect}`,
    );
    expect(first.statusCode).toBe(303);
    const landing = new URL(first.headers.location as string);
    expect(`${landing.origin}${landing.pathname}`).toBe("https://app.example.com/moved");
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get("message")).toBe(SINGLE_CONFIRMATION);
    expect(fragment.get("access_token")).toBeNull();
    expect(await emailOf(secure, session.access_token)).toBe(old);
    // The same link twice is not the other address's confirmation.
    const again = await call(secure, "GET", `/verify?token=${current.tokenHash}&type=email_change`);
    expect(
      new URLSearchParams(new URL(again.headers.location as string).hash.slice(1)).get(
        "error_code",
      ),
    ).toBe("otp_expired");
    expect(await emailOf(secure, session.access_token)).toBe(old);

    const second = await call(
      secure,
      "GET",
      `/verify?token=${fresh.tokenHash}&type=email_change&redirect_to=${redirect}`,
    );
    expect(second.statusCode).toBe(303);
    const done = new URLSearchParams(new URL(second.headers.location as string).hash.slice(1));
    expect(done.get("access_token")).toBeTruthy();
    expect(await emailOf(secure, done.get("access_token")!)).toBe(next);
  });

  it("a session older than a day must prove itself again; the /reauthenticate nonce does", async () => {
    const session = await confirmed(secure);
    const old = session.user.email;
    await secure.database.db.execute(
      sql`update sessions set created_at = now() - interval '2 days'
          where id = (select id from sessions where user_id =
            (select id from users where lower(email) = lower(${old})) order by created_at desc limit 1)`,
    );
    const next = uniqueAddress("stale");
    const refused = await call(secure, "PUT", "/user", {
      token: session.access_token,
      body: { email: next },
    });
    expectCode(refused, 400, "reauthentication_needed");
    expect(refused.json<{ message: string }>().message).toMatch(/reauthentication/i);
    const [row] = await secure.database.db
      .select({ emailChange: users.emailChange })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${old})`);
    expect(row).toBeDefined();
    expect(row?.emailChange).toBeNull();
    expect(await listOutbox(secure.database.db, { to: next })).toHaveLength(0);
    // A wrong current password is refused too; the nonce e-mailed to the address is accepted.
    expectCode(
      await call(secure, "PUT", "/user", {
        token: session.access_token,
        body: { email: next, current_password: "Not-The-Password-9" },
      }),
      422,
      "current_password_mismatch",
    );
    const asked = await call(secure, "GET", "/reauthenticate", { token: session.access_token });
    expect(asked.statusCode, asked.body).toBe(200);
    const nonce = await authMail(secure.database.db, old, "Your StudyAtlas confirmation code");
    const accepted = await call(secure, "PUT", "/user", {
      token: session.access_token,
      body: { email: next, nonce: nonce.code },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await authMail(secure.database.db, old, CURRENT_MAIL);
    await authMail(secure.database.db, next, NEW_MAIL);
  });

  it("/resend sends both links again; the newest pair finishes the change", async () => {
    const session = await confirmed(secure);
    const old = session.user.email;
    const next = uniqueAddress("resent");
    await askToMove(secure, session, next);
    await authMail(secure.database.db, old, CURRENT_MAIL);
    await authMail(secure.database.db, next, NEW_MAIL);
    await forgetEmailLimits(secure);
    const resent = await call(secure, "POST", "/resend", {
      body: { type: "email_change", email: old },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const arrived = async (to: string, subject: string) =>
      vi.waitFor(
        async () => {
          const mails = (await listOutbox(secure.database.db, { to })).filter(
            (row) => row.subject === subject,
          );
          if (mails.length < 2) throw new Error(`no second "${subject}" to ${to}`);
        },
        { timeout: 5000, interval: 20 },
      );
    await arrived(old, CURRENT_MAIL);
    await arrived(next, NEW_MAIL);
    const current = await authMail(secure.database.db, old, CURRENT_MAIL);
    const fresh = await authMail(secure.database.db, next, NEW_MAIL);
    for (const [email, code] of [
      [old, current.code],
      [next, fresh.code],
    ] as const) {
      const verified = await call(secure, "POST", "/verify", {
        body: { type: "email_change", email, token: code },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    }
    expect(await emailOf(secure, session.access_token)).toBe(next);
  });

  it("a fresh sign-in is proof enough (auth-js's updateUser sends no nonce)", async () => {
    const session = await confirmed(secure);
    const signedIn = await signIn(secure, session.user.email, GOOD_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    await askToMove(secure, signedIn.json<SessionJson>(), uniqueAddress("fresh"));
  });
});

describe("e-mail change with GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED=false", () => {
  it("the new address confirms alone; the old one is told of the request and of the change", async () => {
    const session = await confirmed(plain);
    const old = session.user.email;
    const next = uniqueAddress("plain");
    await askToMove(plain, session, next);
    const requested = await notices(plain.database.db, old, 1);
    expect(requested[0]?.subject).toMatch(/requested/);
    expect(requested[0]?.text).toContain(next);
    const fresh = await authMail(plain.database.db, next, NEW_MAIL);
    const subjects = (await listOutbox(plain.database.db, { to: old })).map((row) => row.subject);
    expect(subjects).not.toContain(CURRENT_MAIL);

    const verified = await call(plain, "POST", "/verify", {
      body: { type: "email_change", email: next, token: fresh.code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<SessionJson>().user.email).toBe(next);
    const told = await notices(plain.database.db, old, 2);
    expect(told.map((row) => row.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/was changed/)]),
    );
  });
});
