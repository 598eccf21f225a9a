// Bad input (docs/security.md): input that used to answer 500 (NUL bytes, malformed Host and forwarding
// headers, garbage multipart) answers 4xx without internals, and absolute links never come from
// a header a client wrote.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { PASSWORD, apiTokens, uniqueEmail } from "./account-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let app: FastifyInstance;
let testApp: TestApp | undefined;
beforeAll(async () => {
  // Behind one trusted proxy, so that X-Forwarded-Host and -Proto are read at all.
  testApp = await createTestApp({ config: { trustProxy: 1 } });
  ({ app } = testApp);
});
afterAll(async () => {
  await testApp?.close();
});

const INTERNALS = /select |insert |params:|Failed query|\bat \w+ \(|node_modules/i;

describe("bad input", () => {
  it("answers 400 to a NUL byte anywhere in the address, without internals", async () => {
    for (const url of [
      "/api/academics/course/list?name=%00",
      "/api/academics/course/list?country=%00",
      "/api/academics/course/detail/%00",
      "/api/academics/school/detail/a%00b",
      "/countries/%00",
      "/media/disciplines/%00.svg",
      "/media/flags/%00.svg",
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).not.toMatch(INTERNALS);
    }
  });

  it("answers 400 to a NUL byte in a JSON text field", async () => {
    const contact = await app.inject({
      method: "POST",
      url: "/api/account/create_contact",
      payload: { name: "Marie\u0000Curie", email: uniqueEmail("nul"), message: "Hello\u0000" },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.body).not.toMatch(INTERNALS);
    const register = await app.inject({
      method: "POST",
      url: "/api/account/register",
      payload: {
        first_name: "A\u0000",
        last_name: "B",
        email: uniqueEmail("nul"),
        password: PASSWORD,
      },
    });
    expect(register.statusCode).toBe(400);
  });

  it("survives malformed Host, X-Forwarded-Host and X-Forwarded-Proto", async () => {
    for (const headers of [
      { host: "[::1" },
      { "x-forwarded-host": "[::1" },
      { "x-forwarded-proto": "ht tp" },
      { "x-forwarded-host": "evil.example:99999" },
    ]) {
      const response = await app.inject({ url: "/api/academics/course/list?page=1", headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it("builds next and previous links on PUBLIC_BASE_URL, whatever the forwarded host", async () => {
    const response = await app.inject({
      url: "/api/academics/course/list?page=2",
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    const page = response.json<{ next: string | null; previous: string | null }>();
    for (const link of [page.next, page.previous]) {
      if (link !== null) expect(new URL(link).origin).toBe("http://localhost");
    }
    expect(page.previous).not.toBeNull();
  });

  it("never answers 5xx to a garbage multipart profile update", async () => {
    const email = uniqueEmail("multipart");
    const created = await app.inject({
      method: "POST",
      url: "/api/account/register",
      payload: { first_name: "Ada", last_name: "Lovelace", email, password: PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    const { access } = await apiTokens(app, email);
    for (const payload of [
      "garbage without any boundary",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      "--x\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--x--\r\n",
    ]) {
      const response = await app.inject({
        method: "PATCH",
        url: "/api/account/update_user_profile",
        headers: {
          authorization: `Bearer ${access}`,
          "content-type": "multipart/form-data; boundary=x",
        },
        payload,
      });
      // Unreadable forms answer 400; a readable part without a name is ignored (200, no change).
      if (payload.startsWith("garbage")) expect(response.statusCode, payload).toBe(400);
      expect(response.statusCode, payload).toBeLessThan(500);
      expect(response.body).not.toMatch(INTERNALS);
    }
  });
});
