// Passwords through the account API on a real database (docs/spec/accounts-and-details.md §7):
// the password rule on every API that sets one, the reset e-mail without enumeration and its
// one-time link, the change in settings, and how a new password retires the e-mailed links.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";

import { Browser, PASSWORD, linkFor, mailsTo, uniqueEmail } from "./account-client.ts";
import { apiError, json, register } from "./accounts-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe("the password rule (ASVS 6.2)", () => {
  it("accepts a long passphrase with spaces and any script, and signs in with it", async () => {
    for (const password of [
      "correct horse battery staple on a very long walk through the old town of Utrecht",
      "пароль для входа в систему",
      "Ünïcödé ünd spaces",
    ]) {
      const email = uniqueEmail("phrase");
      const created = await new Browser(t.app).call("POST", "/api/account/register", {
        body: { first_name: "Ada", last_name: "Lovelace", email, password },
      });
      expect(created.statusCode, created.body).toBe(201);
      const signIn = await t.app.inject({
        method: "POST",
        url: "/api/account/token",
        payload: { email, password },
      });
      expect(signIn.statusCode, password).toBe(200);
    }
  });

  it("refuses a common password on every API that sets one", async () => {
    const browser = new Browser(t.app);
    await register(browser);
    const change = apiError(
      await browser.call("PATCH", "/api/account/change_password", {
        body: { old_password: PASSWORD, new_password: "football1" },
      }),
      400,
    );
    expect(change.errors?.new_password).toEqual([MESSAGES.passwordTooCommon]);
    const partner = apiError(
      await new Browser(t.app).call("POST", "/api/account/register_partner", {
        body: {
          first_name: "Ada",
          last_name: "Lovelace",
          email: uniqueEmail("partner"),
          password: "12345678",
          organization: "Acme",
        },
      }),
      400,
    );
    expect(partner.errors?.password).toEqual([MESSAGES.passwordTooCommon]);
  });
});

describe("password reset", () => {
  it("answers the same for an unknown address, sends it nothing, and limits to one e-mail a minute", async () => {
    const email = await register(new Browser(t.app));
    const unknownEmail = uniqueEmail("ghost");
    const known = json(
      await new Browser(t.app).call("POST", "/api/account/password_reset", {
        body: { email },
        ip: "10.1.0.1",
      }),
      200,
    );
    const unknown = json(
      await new Browser(t.app).call("POST", "/api/account/password_reset", {
        body: { email: unknownEmail },
        ip: "10.1.0.2",
      }),
      200,
    );
    expect(unknown).toEqual(known);
    await vi.waitFor(async () =>
      expect(
        (await mailsTo(t.database.db, email)).filter((mail) => mail.kind === "password_reset"),
      ).toHaveLength(1),
    );
    expect(await mailsTo(t.database.db, unknownEmail)).toHaveLength(0);
    const again = apiError(
      await new Browser(t.app).call("POST", "/api/account/password_reset", {
        body: { email },
        ip: "10.1.0.3",
      }),
      429,
    );
    expect(again.detail).toMatch(/wait a minute/);
    const againUnknown = await new Browser(t.app).call("POST", "/api/account/password_reset", {
      body: { email: unknownEmail },
      ip: "10.1.0.4",
    });
    expect(againUnknown.statusCode).toBe(429);
    expect(
      apiError(
        await new Browser(t.app).call("POST", "/api/account/password_reset", {
          body: { email: "" },
        }),
        400,
      ).detail,
    ).toBe(MESSAGES.forgotPasswordEmailRequired);
  });

  it("sets a new password from the link once; the old password fails and every session ends", async () => {
    const browser = new Browser(t.app);
    const email = await register(browser);
    json(
      await new Browser(t.app).call("POST", "/api/account/password_reset", { body: { email } }),
      200,
    );
    const link = new URL(await linkFor(t.database.db, email, "password_reset"), "http://localhost");
    expect(link.pathname).toBe("/set-pw");
    const user = link.searchParams.get("user");
    const token = link.searchParams.get("token");
    const confirm = (password: string) =>
      new Browser(t.app).call("POST", `/api/account/password_reset_confirm/${user}/${token}`, {
        body: { new_password: password },
      });
    expect(apiError(await confirm("weak"), 400).detail).toBe(MESSAGES.password);
    // A refused password leaves the link working.
    expect(apiError(await confirm("iloveyou"), 400).errors?.new_password).toEqual([
      MESSAGES.passwordTooCommon,
    ]);
    expect(json(await confirm("Brand123!"), 200).message).toBe(MESSAGES.passwordResetSuccessful);
    expect((await confirm("Other123!")).statusCode).toBe(400);
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(401);
    expect(
      (
        await new Browser(t.app).call("POST", "/api/account/token", {
          body: { email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await new Browser(t.app).call("POST", "/api/account/token", {
          body: { email, password: "Brand123!" },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("a new password retires the e-mailed links", () => {
  it("a reset link requested before a password change no longer works", async () => {
    const browser = new Browser(t.app);
    const email = await register(browser);
    json(
      await new Browser(t.app).call("POST", "/api/account/password_reset", { body: { email } }),
      200,
    );
    const link = new URL(await linkFor(t.database.db, email, "password_reset"), "http://localhost");
    const verification = await linkFor(t.database.db, email, "verification");
    json(
      await browser.call("PATCH", "/api/account/change_password", {
        body: { old_password: PASSWORD, new_password: "Next1234!" },
      }),
      200,
    );
    const reset = await new Browser(t.app).call(
      "POST",
      `/api/account/password_reset_confirm/${link.searchParams.get("user")}/${link.searchParams.get("token")}`,
      { body: { new_password: "Taken123!" } },
    );
    expect(reset.statusCode).toBe(400);
    const [, , token1, token2] = verification.split("/");
    expect(
      (await new Browser(t.app).call("GET", `/api/account/verify-email/${token1}/${token2}/`))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await new Browser(t.app).call("POST", "/api/account/token", {
          body: { email, password: "Next1234!" },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("change_password", () => {
  it("needs the current password and signs out the other sessions only", async () => {
    const browser = new Browser(t.app);
    const email = await register(browser);
    const other = new Browser(t.app);
    json(
      await other.call("POST", "/api/account/token", { body: { email, password: PASSWORD } }),
      200,
    );
    const wrong = apiError(
      await browser.call("PATCH", "/api/account/change_password", {
        body: { old_password: "Wrong123!", new_password: "Next1234!" },
      }),
      400,
    );
    expect(wrong.errors?.old_password).toBeDefined();
    expect(
      apiError(
        await browser.call("PATCH", "/api/account/change_password", {
          body: { old_password: PASSWORD, new_password: "short" },
        }),
        400,
      ).errors?.new_password,
    ).toEqual([MESSAGES.password]);
    expect(
      json(
        await browser.call("PATCH", "/api/account/change_password", {
          body: { old_password: PASSWORD, new_password: "Next1234!" },
        }),
        200,
      ).message,
    ).toBe(MESSAGES.passwordChanged);
    expect((await browser.call("GET", "/api/account/detail")).statusCode).toBe(200);
    expect((await other.call("GET", "/api/account/detail")).statusCode).toBe(401);
    expect(
      (
        await new Browser(t.app).call("PATCH", "/api/account/change_password", {
          body: { old_password: PASSWORD, new_password: "Next1234!" },
        })
      ).statusCode,
    ).toBe(401);
  });
});
