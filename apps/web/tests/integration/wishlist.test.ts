// Wishlists on a real database (docs/spec/discovery.md §7 wishlists): user A cannot list, add to
// or delete from user B's wishlist by naming B's e-mail (404); adding twice is idempotent;
// unpublished programmes are left out; cookie and Bearer clients alike.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { WISHLIST_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";
import {
  WishlistCreatedSchema,
  WishlistDeletedSchema,
  WishlistListSchema,
} from "@studyatlas/schemas/engagement.ts";

import { Browser, PASSWORD, uniqueEmail } from "./account-client.ts";
import { apiError, body, expectDocumented, nextIp, startApp } from "./endpoint-support.ts";
import { parseWith } from "./test-app.ts";

let database: TestDatabase;
let app: FastifyInstance;
let courseIds: number[];

beforeAll(async () => {
  ({ database, app } = await startApp());
  const rows = await database.db.execute(
    sql`select c.id from courses c join schools s on s.id = c.school_id
        where c.published and s.published order by c.id limit 3`,
  );
  courseIds = (rows as { rows: { id: number }[] }).rows.map((row) => row.id);
  expect(courseIds).toHaveLength(3);
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

/** A signed-in browser of a new user. */
async function signedInUser(): Promise<{ browser: Browser; email: string }> {
  const browser = new Browser(app);
  const email = uniqueEmail("wish");
  const response = await browser.call("POST", "/api/account/register", {
    body: { first_name: "Grace", last_name: "Hopper", email, password: PASSWORD },
    ip: nextIp(),
  });
  body(response, 201);
  body(
    await browser.call("POST", "/api/account/token", { body: { email, password: PASSWORD } }),
    200,
  );
  return { browser, email };
}

async function listOf(browser: Browser, query = "") {
  return parseWith(
    WishlistListSchema,
    body(await browser.call("GET", `/api/wishlists/list${query}`), 200),
    "list",
  );
}

describe("wishlists", () => {
  it("adds (201), lists newest first, answers 200 without a second row when added again, and deletes", async () => {
    const { browser, email } = await signedInUser();
    const [first, second] = courseIds as [number, number];
    const created = parseWith(
      WishlistCreatedSchema,
      body(
        await browser.call("POST", "/api/wishlists/create", {
          body: { user: email, course: first },
        }),
        201,
      ),
      "create",
    );
    expect(created).toMatchObject({
      created: true,
      message: WISHLIST_MESSAGES.added,
      course: { id: first },
    });
    // The spec's clients send the e-mail; ours send only the course. Both work.
    body(
      await browser.call("POST", "/api/wishlists/create", { body: { course: String(second) } }),
      201,
    );
    const again = parseWith(
      WishlistCreatedSchema,
      body(
        await browser.call("POST", "/api/wishlists/create", {
          body: { user: email.toUpperCase(), course: first },
        }),
        200,
      ),
      "create again",
    );
    expect(again.created).toBe(false);

    const list = await listOf(browser, `?email=${encodeURIComponent(email)}`);
    expect(list.count).toBe(2);
    expect(list.results.map((entry) => entry.course.id)).toEqual([second, first]);
    expect(list.results[0]?.course.school.slug).toBeTruthy();

    const deleted = parseWith(
      WishlistDeletedSchema,
      body(
        await browser.call("DELETE", "/api/wishlists/delete", { body: { email, course: first } }),
        200,
      ),
      "delete",
    );
    expect(deleted).toEqual({ course: first, removed: true, message: WISHLIST_MESSAGES.removed });
    // Deleting again is harmless.
    const twice = parseWith(
      WishlistDeletedSchema,
      body(await browser.call("DELETE", `/api/wishlists/delete?course=${first}`), 200),
      "delete again",
    );
    expect(twice.removed).toBe(false);
    expect((await listOf(browser)).results.map((entry) => entry.course.id)).toEqual([second]);
  });

  it("never lets user A list, add to or delete from user B's wishlist by naming B's e-mail (404)", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const [course] = courseIds as [number];
    body(await b.browser.call("POST", "/api/wishlists/create", { body: { course } }), 201);

    const listed = apiError(
      await a.browser.call("GET", `/api/wishlists/list?email=${encodeURIComponent(b.email)}`),
      404,
    );
    expect(listed.detail).toBe(WISHLIST_MESSAGES.notYours);
    apiError(
      await a.browser.call("POST", "/api/wishlists/create", {
        body: { user: b.email, course: courseIds[1] },
      }),
      404,
    );
    apiError(
      await a.browser.call("POST", "/api/wishlists/create", {
        body: { email: b.email, course: courseIds[1] },
      }),
      404,
    );
    apiError(
      await a.browser.call("DELETE", "/api/wishlists/delete", { body: { email: b.email, course } }),
      404,
    );
    apiError(
      await a.browser.call(
        "DELETE",
        `/api/wishlists/delete?email=${encodeURIComponent(b.email)}&course=${course}`,
      ),
      404,
    );

    // B's list is untouched, and A's own list stayed empty.
    expect((await listOf(b.browser)).results.map((entry) => entry.course.id)).toEqual([course]);
    expect((await listOf(a.browser)).count).toBe(0);
  });

  it("leaves out programmes that are no longer published, and refuses to save them (404)", async () => {
    const { browser } = await signedInUser();
    const [, , third] = courseIds as [number, number, number];
    body(await browser.call("POST", "/api/wishlists/create", { body: { course: third } }), 201);
    await database.db.execute(sql`update courses set published = false where id = ${third}`);
    try {
      expect((await listOf(browser)).count).toBe(0);
      const again = apiError(
        await browser.call("POST", "/api/wishlists/create", { body: { course: third } }),
        404,
      );
      expect(again.detail).toBe(WISHLIST_MESSAGES.courseNotFound);
    } finally {
      await database.db.execute(sql`update courses set published = true where id = ${third}`);
    }
    expect((await listOf(browser)).results.map((entry) => entry.course.id)).toEqual([third]);
  });

  it("answers for Bearer-token clients too (no XSRF header needed)", async () => {
    const { email } = await signedInUser();
    const token = (
      body(
        await new Browser(app).call("POST", "/api/account/token", {
          body: { email, password: PASSWORD },
          noCookies: true,
        }),
        200,
      ) as { access: string }
    ).access;
    const created = await app.inject({
      method: "POST",
      url: "/api/wishlists/create",
      headers: { authorization: `Bearer ${token}` },
      payload: { course: courseIds[0] },
    });
    body(created, 201);
    const list = await app.inject({
      method: "GET",
      url: "/api/wishlists/list",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(parseWith(WishlistListSchema, body(list, 200), "bearer list").count).toBe(1);
  });

  it("answers 401 when signed out and 403 for a cookie call without the XSRF header", async () => {
    const visitor = new Browser(app);
    expect(apiError(await visitor.call("GET", "/api/wishlists/list"), 401).code).toBe(
      "not_authenticated",
    );
    apiError(
      await visitor.call("POST", "/api/wishlists/create", { body: { course: courseIds[0] } }),
      401,
    );
    apiError(
      await visitor.call("DELETE", "/api/wishlists/delete", { body: { course: courseIds[0] } }),
      401,
    );

    const { browser } = await signedInUser();
    const forged = apiError(
      await browser.call("POST", "/api/wishlists/create", {
        body: { course: courseIds[0] },
        noXsrf: true,
      }),
      403,
    );
    expect(forged.code).toBe("xsrf_failed");
    expect((await listOf(browser)).count).toBe(0);
  });

  it("answers 400 for a missing or malformed course and 404 for an unknown one", async () => {
    const { browser } = await signedInUser();
    for (const payload of [{}, { course: "abc" }, { course: -3 }, { course: 1.5 }]) {
      const error = apiError(
        await browser.call("POST", "/api/wishlists/create", { body: payload }),
        400,
      );
      expect(error.detail).toBe(WISHLIST_MESSAGES.courseRequired);
    }
    apiError(await browser.call("DELETE", "/api/wishlists/delete", { body: {} }), 400);
    const unknown = apiError(
      await browser.call("POST", "/api/wishlists/create", { body: { course: 99_999_999 } }),
      404,
    );
    expect(unknown.detail).toBe(WISHLIST_MESSAGES.courseNotFound);
    const malformed = await browser.call("POST", "/api/wishlists/create", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("OpenAPI", () => {
  it("documents the wishlist endpoints with their request bodies", async () => {
    await expectDocumented(
      app,
      [
        ["/api/wishlists/list", "get"],
        ["/api/wishlists/create", "post"],
        ["/api/wishlists/delete", "delete"],
      ],
      ["/api/wishlists/create"],
    );
  });
});
