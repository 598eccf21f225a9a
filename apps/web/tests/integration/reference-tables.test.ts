// The reference tables apart from the pages (docs/decisions/065-reference-tables-cached-apart.md):
// every page names the version of the countries and currencies it was rendered with, that address
// answers them for good, an older version's address answers the current tables not to be kept, a
// catalogue change names a new version, and an address that is no version is not found. On the
// built front end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;

beforeAll(async () => {
  ensureBuiltFrontEnd();
  t = await createTestApp({
    frontend: { kind: "production" },
    config: { pageReuseBytes: 0, catalogueCacheBytes: 0 },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Tables {
  version: string;
  countries: string;
  currencies: string;
}

async function namedVersion(url: string): Promise<string> {
  const page = await t.app.inject({ url });
  expect(page.statusCode).toBe(200);
  const version = /href="\/reference\/([0-9a-f]+)\.json" data-reference-tables=""/.exec(
    page.body,
  )?.[1];
  if (!version) throw new Error(`${url} names no reference tables`);
  return version;
}

describe("the reference tables", () => {
  it("are named by every page and kept for good at their version's address", async () => {
    const versions = await Promise.all(
      ["/", "/coursefinder?name=data", "/countries"].map(namedVersion),
    );
    expect(new Set(versions).size).toBe(1);
    const answer = await t.app.inject({ url: `/reference/${versions[0]}.json` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    const tables = answer.json<Tables>();
    expect(tables.version).toBe(versions[0]);
    expect(tables.currencies).toMatch(/(^|\|)USD 1 US Dollar(\||$)/);
    expect(tables.countries).toMatch(/(^|\|)\d+ germany Germany(\||$)/);
  });

  it("name a new version after a catalogue change; the old address answers the new tables, not kept", async () => {
    const before = await namedVersion("/");
    await t.changeCatalogue("update currencies set usd_exchange_rate = $1 where short_code = $2", [
      0.8125,
      "EUR",
    ]);
    const after = await namedVersion("/");
    expect(after).not.toBe(before);
    const old = await t.app.inject({ url: `/reference/${before}.json` });
    expect(old.statusCode).toBe(200);
    expect(old.headers["cache-control"]).toBe("no-store");
    const tables = old.json<Tables>();
    expect(tables.version).toBe(after);
    expect(tables.currencies).toMatch(/(^|\|)EUR 0\.8125 /);
  });

  it("are not found at an address that names no version", async () => {
    for (const url of [
      "/reference/XYZ.json",
      "/reference/abc",
      "/reference/",
      "/reference/.json",
    ]) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
