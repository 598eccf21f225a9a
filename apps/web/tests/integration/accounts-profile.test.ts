// Profiles through the account API on a real database (docs/spec/accounts-and-details.md §7): the
// own profile and picture (one user cannot read or change another's), interests, and the OpenAPI
// document of every account path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import { AccountDetailSchema, PublicUserSchema } from "@studyatlas/schemas/accounts.ts";

import { Browser, uniqueEmail } from "./account-client.ts";
import { apiError, json, register } from "./accounts-support.ts";
import { createTestApp, parseWith, type TestApp } from "./test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const boundary = "----studyatlas-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="picture"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("profiles", () => {
  it("updates the own profile from multipart fields and a picture; one user cannot read or change another's", async () => {
    const alice = new Browser(t.app);
    const aliceEmail = await register(alice);
    const bob = new Browser(t.app);
    const bobEmail = await register(bob, uniqueEmail("bob"), {
      first_name: "Bob",
      last_name: "Builder",
    });
    const form = multipart(
      {
        first_name: "Alice",
        last_name: "Liddell",
        email: "ignored@example.com",
        "client_profile[id]": "999",
        "client_profile[socials]": "",
        "client_profile[address]": "1 Wonderland Road",
        "client_profile[gender]": "female",
        "client_profile[date_of_birth]": "2001-05-04",
        "client_profile[nationality]": "6",
        "client_profile[country_of_residence]": "null",
        "client_profile[phone_number]": "+44 20 7946 0958",
        "client_profile[website]": "",
        "client_profile[user]": "1",
      },
      { name: "profile_pic", type: "image/png", data: PNG },
    );
    const updated = parseWith(
      AccountDetailSchema,
      json(await alice.call("PATCH", "/api/account/update_user_profile", form), 200),
      "update",
    );
    expect(updated).toMatchObject({ first_name: "Alice", last_name: "Liddell", email: aliceEmail });
    expect(updated.client_profile).toMatchObject({
      address: "1 Wonderland Road",
      gender: "female",
      date_of_birth: "2001-05-04",
      nationality: 6,
      country_of_residence: null,
      website: null,
    });
    expect(updated.client_profile.profile_pic).toMatch(/^\/api\/account\/profile_pic\/\d+\?v=\d+$/);
    const picture = await alice.call("GET", updated.client_profile.profile_pic ?? "");
    expect(picture.headers["content-type"]).toBe("image/png");
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    const anonymous = await t.app.inject({
      method: "GET",
      url: updated.client_profile.profile_pic ?? "",
    });
    expect(anonymous.statusCode).toBe(401);

    // get_user shows public fields only; Bob, who shares no chat or application with Alice, gets
    // 404 (accounts-get-user.test.ts), and his own update leaves her alone.
    const alicePublic = parseWith(
      PublicUserSchema,
      json(await alice.call("GET", `/api/account/get_user/${updated.id}`), 200),
      "public",
    );
    expect((await bob.call("GET", `/api/account/get_user/${updated.id}`)).statusCode).toBe(404);
    expect(alicePublic).toEqual({
      id: updated.id,
      first_name: "Alice",
      last_name: "Liddell",
      role: "student",
      profile_pic: updated.client_profile.profile_pic,
    });
    expect(JSON.stringify(alicePublic)).not.toContain(aliceEmail);
    json(
      await bob.call(
        "PATCH",
        "/api/account/update_user_profile",
        multipart({
          "client_profile[user]": String(updated.id),
          "client_profile[address]": "Bob's",
        }),
      ),
      200,
    );
    const aliceAfter = parseWith(
      AccountDetailSchema,
      json(await alice.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    expect(aliceAfter.client_profile.address).toBe("1 Wonderland Road");
    const bobAfter = parseWith(
      AccountDetailSchema,
      json(await bob.call("GET", "/api/account/detail"), 200),
      "detail",
    );
    expect(bobAfter).toMatchObject({ email: bobEmail, client_profile: { address: "Bob's" } });

    expect(
      (await new Browser(t.app).call("GET", `/api/account/get_user/${updated.id}`)).statusCode,
    ).toBe(401);
    expect((await new Browser(t.app).call("GET", "/api/account/detail")).statusCode).toBe(401);
    expect((await alice.call("GET", "/api/account/get_user/999999")).statusCode).toBe(404);
    expect((await alice.call("GET", "/api/account/get_user/abc")).statusCode).toBe(400);
  });

  it("refuses a picture that is not an image, a picture over 2 MB and bad field values", async () => {
    const browser = new Browser(t.app);
    await register(browser);
    const patch = (form: ReturnType<typeof multipart>) =>
      browser.call("PATCH", "/api/account/update_user_profile", form);
    expect(
      apiError(
        await patch(
          multipart(
            {},
            { name: "profile_pic", type: "image/png", data: Buffer.from("<svg onload=alert(1)>") },
          ),
        ),
        415,
      ).code,
    ).toBe("unsupported_image");
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect(
      apiError(
        await patch(multipart({}, { name: "profile_pic", type: "image/png", data: big })),
        413,
      ).code,
    ).toBe("image_too_large");
    expect(
      apiError(await patch(multipart({ "client_profile[gender]": "robot" })), 400).errors?.gender,
    ).toBeDefined();
    expect(
      apiError(await patch(multipart({ "client_profile[nationality]": "999999" })), 400).errors
        ?.nationality,
    ).toBeDefined();
    expect(
      apiError(await patch(multipart({ "client_profile[date_of_birth]": "2001-02-30" })), 400)
        .errors?.date_of_birth,
    ).toBeDefined();
    expect(apiError(await patch(multipart({ first_name: "A!" })), 400).detail).toBe(
      MESSAGES.firstName,
    );
  });
});

describe("user_interest", () => {
  it("saves and reads the signed-in user's disciplines and countries; unknown ids are a 400", async () => {
    const browser = new Browser(t.app);
    await register(browser);
    const saved = json(
      await browser.call("POST", "/api/account/user_interest", {
        body: { disciplines: [2, 1, 2], countries: [17, 6] },
      }),
      200,
    );
    expect(saved).toEqual({ disciplines: [1, 2], countries: [6, 17] });
    expect(json(await browser.call("GET", "/api/account/user_interest"), 200)).toEqual(saved);
    expect(
      apiError(
        await browser.call("POST", "/api/account/user_interest", { body: { countries: [999999] } }),
        400,
      ).errors?.countries,
    ).toBeDefined();
    expect(
      apiError(
        await browser.call("POST", "/api/account/user_interest", { body: { countries: "x" } }),
        400,
      ).code,
    ).toBe("invalid_parameter");
    expect(
      (
        await new Browser(t.app).call("POST", "/api/account/user_interest", {
          body: { disciplines: [1] },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("OpenAPI", () => {
  it("documents every account path of the spec, with request bodies", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    const expected: [string, string][] = [
      ["/api/account/token", "post"],
      ["/api/account/detail", "get"],
      ["/api/account/get_user/{id}", "get"],
      ["/api/account/user/referral/{code}", "get"],
      ["/api/account/register", "post"],
      ["/api/account/register_partner", "post"],
      ["/api/account/password_reset", "post"],
      ["/api/account/password_reset_confirm/{user}/{token}", "post"],
      ["/api/account/google_login", "post"],
      ["/api/account/google_signup", "post"],
      ["/api/account/verify-email/{token1}/{token2}", "get"],
      ["/api/account/resend-verify-email", "post"],
      ["/api/account/user_interest", "post"],
      ["/api/account/logout", "post"],
      ["/api/account/change_password", "patch"],
      ["/api/account/update_user_profile", "patch"],
    ];
    for (const [path, method] of expected) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(document.paths["/api/account/register"]?.post?.requestBody).toBeDefined();
  });
});
