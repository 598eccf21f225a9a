// My currency and the compare tray on a real database (docs/decisions/052-my-currency-and-compare.md):
// the currency is kept in a cookie for everyone and on the account when signed in, and the root
// loader's resolution follows it; an unknown code is a 400. The compare tray is the signed-in
// user's own, at most four published programmes, XSRF-checked.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { cachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import { createCatalogueCache } from "@studyatlas/core/catalogue/catalogue-cache.ts";
import { loadComparePage } from "@studyatlas/core/compare/compare-tray.ts";
import { loadMyMoney } from "@studyatlas/core/currency/my-money.ts";
import type { TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import {
  COMPARE_MESSAGES,
  CURRENCY_COOKIE,
  MY_CURRENCY_MESSAGES,
} from "@studyatlas/schemas/my-currency-rules.ts";
import { CompareTraySchema, MyCurrencySchema } from "@studyatlas/schemas/my-currency.ts";

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
        where c.published and s.published order by c.id limit 5`,
  );
  courseIds = (rows as { rows: { id: number }[] }).rows.map((row) => row.id);
  expect(courseIds).toHaveLength(5);
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

async function signedIn(): Promise<{ browser: Browser; userId: number }> {
  const browser = new Browser(app);
  const email = uniqueEmail("money");
  const registered = body(
    await browser.call("POST", "/api/account/register", {
      body: { first_name: "Ngozi", last_name: "Okafor", email, password: PASSWORD },
      ip: nextIp(),
    }),
    201,
  ) as { id?: number; user?: { id: number } };
  body(
    await browser.call("POST", "/api/account/token", { body: { email, password: PASSWORD } }),
    200,
  );
  const row = await database.db.execute(
    sql`select id from users where lower(email) = lower(${email})`,
  );
  const userId = (row as { rows: { id: number }[] }).rows[0]?.id ?? registered.id ?? 0;
  return { browser, userId };
}

function moneyOf(userId: number | null, cookie?: string, acceptLanguage?: string) {
  const catalogue = cachedCatalogue(database.db, createCatalogueCache({ maxBytes: 0 }));
  return loadMyMoney({ db: database.db, catalogue }, { userId, cookie, acceptLanguage });
}

describe("my currency", () => {
  it("a visitor's choice goes in a year-long httpOnly cookie and is not kept anywhere else", async () => {
    const browser = new Browser(app);
    const response = await browser.call("PUT", "/api/currency", { body: { currency: "ngn" } });
    expect(parseWith(MyCurrencySchema, body(response, 200), "currency")).toEqual({
      currency: "NGN",
      saved_to_account: false,
    });
    const cookie = response.cookies.find((each) => each.name === CURRENCY_COOKIE);
    expect(cookie).toMatchObject({ value: "NGN", httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.maxAge).toBe(365 * 24 * 60 * 60);
    expect(response.headers["cache-control"]).toContain("no-store");
    const money = await moneyOf(null, browser.cookies.get(CURRENCY_COOKIE));
    expect(money).toMatchObject({ code: "NGN", source: "cookie" });
    expect(money.currencies.find(([code]) => code === "NGN")?.[2]).toBeGreaterThan(100);
    expect(money.rateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("a signed-in choice is kept on the account, so another browser shows it too", async () => {
    const { browser, userId } = await signedIn();
    const saved = body(
      await browser.call("PUT", "/api/currency", { body: { currency: "EUR" } }),
      200,
    );
    expect(saved).toEqual({ currency: "EUR", saved_to_account: true });
    // The account wins over a cookie and over the browser's languages.
    expect(await moneyOf(userId, "NGN", "en-NG")).toMatchObject({ code: "EUR", source: "account" });
    body(await browser.call("PUT", "/api/currency", { body: { currency: "JPY" } }), 200);
    expect(await moneyOf(userId)).toMatchObject({ code: "JPY", source: "account" });
  });

  it("guesses from Accept-Language, then US dollars", async () => {
    expect(await moneyOf(null, undefined, "en-NG,en;q=0.9")).toMatchObject({
      code: "NGN",
      source: "locale",
    });
    expect(await moneyOf(null, "XXX", "en")).toMatchObject({ code: "USD", source: "default" });
  });

  it("answers 400 naming the field for a malformed or unknown code, and never a 500", async () => {
    const browser = new Browser(app);
    for (const currency of ["EURO", "12", "", "€"]) {
      const error = apiError(
        await browser.call("PUT", "/api/currency", { body: { currency } }),
        400,
      );
      expect(error.message, currency).toContain(MY_CURRENCY_MESSAGES.invalidCode);
    }
    const unknown = apiError(
      await browser.call("PUT", "/api/currency", { body: { currency: "ZZZ" } }),
      400,
    );
    expect(unknown.message).toBe(MY_CURRENCY_MESSAGES.unknownCode);
    expect(unknown.code).toBe("unknown_currency");
    apiError(await browser.call("PUT", "/api/currency", { body: { currency: 12 } }), 400);
    apiError(await browser.call("PUT", "/api/currency", {}), 400);
  });

  it("refuses a signed-in change without the XSRF header (403)", async () => {
    const { browser } = await signedIn();
    const refused = await browser.call("PUT", "/api/currency", {
      body: { currency: "GBP" },
      noXsrf: true,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the compare tray", () => {
  it("keeps up to four programmes on the account, in order, and drops unpublished ones", async () => {
    const { browser } = await signedIn();
    const [a, b, c, d] = courseIds as [number, number, number, number];
    const empty = body(await browser.call("GET", "/api/compare/tray"), 200);
    expect(parseWith(CompareTraySchema, empty, "tray")).toEqual({ ids: [] });
    const saved = body(
      await browser.call("PUT", "/api/compare/tray", { body: { ids: [c, a, 999_999_999, d] } }),
      200,
    );
    expect(saved).toEqual({ ids: [c, a, d] });
    expect(body(await browser.call("GET", "/api/compare/tray"), 200)).toEqual({ ids: [c, a, d] });
    body(await browser.call("PUT", "/api/compare/tray", { body: { ids: [b] } }), 200);
    expect(body(await browser.call("GET", "/api/compare/tray"), 200)).toEqual({ ids: [b] });
  });

  it("answers 400 for a fifth programme, duplicates or non-ids; 401 signed out; 403 without XSRF", async () => {
    const { browser } = await signedIn();
    const five = apiError(
      await browser.call("PUT", "/api/compare/tray", { body: { ids: courseIds } }),
      400,
    );
    expect(five.message).toContain(COMPARE_MESSAGES.tooMany);
    const twice = apiError(
      await browser.call("PUT", "/api/compare/tray", { body: { ids: [1, 1] } }),
      400,
    );
    expect(twice.message).toContain(COMPARE_MESSAGES.duplicate);
    for (const ids of [["x"], [1.5], [-3], "1,2", null]) {
      apiError(await browser.call("PUT", "/api/compare/tray", { body: { ids } }), 400);
    }
    apiError(await new Browser(app).call("GET", "/api/compare/tray"), 401);
    apiError(await new Browser(app).call("PUT", "/api/compare/tray", { body: { ids: [] } }), 401);
    const refused = await browser.call("PUT", "/api/compare/tray", {
      body: { ids: [] },
      noXsrf: true,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("the compare page's programmes come in the address's order, with the missing ones counted", async () => {
    const [a, b] = courseIds as [number, number];
    const catalogue = cachedCatalogue(database.db, createCatalogueCache({ maxBytes: 0 }));
    const page = await loadComparePage({ db: database.db, catalogue }, [b, 999_999_999, a]);
    expect(page.programmes.map((programme) => programme.id)).toEqual([b, a]);
    expect(page.missing).toBe(1);
    expect(page.programmes[0]?.admission_requirements_text).not.toMatch(/<[a-z]/i);
    expect(page.programmes[0]?.admission_requirements_text.length).toBeLessThanOrEqual(601);
  });

  it("is documented in the OpenAPI document", async () => {
    await expectDocumented(app, [["/api/compare/tray", "get"]], []);
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(document.paths["/api/currency"]?.put?.requestBody).toBeDefined();
    expect(document.paths["/api/compare/tray"]?.put?.requestBody).toBeDefined();
  });
});
