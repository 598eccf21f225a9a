// The exchange-rate import on a local ECB file, on both engines (docs/decisions/051-total-cost-and-rates.md):
// the rates land with their date and source, the programmes' USD fees and totals follow, an older
// file never winds them back, currencies the ECB does not quote keep theirs, and of several
// processes only one takes the daily run.
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import {
  importRates,
  importRatesWhenDue,
  readRatesSource,
  takeRatesLease,
} from "./rates-import.ts";

const XML = fileURLToPath(new URL("./testing/eurofxref-daily.xml", import.meta.url));
const CSV = fileURLToPath(new URL("./testing/eurofxref.csv", import.meta.url));

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

async function currency(code: string) {
  const { rows } = await database.query<{ rate: number; date: string; source: string }>(
    `select usd_exchange_rate::float8 as rate, to_char(rate_date, 'YYYY-MM-DD') as date,
       rate_source as source from currencies where short_code = $1`,
    [code],
  );
  return rows[0];
}

describe("importRates", () => {
  it("writes the ECB's rates with their date and source, and the programmes' USD fees follow", async () => {
    const before = await currency("GBP");
    expect(before?.source).toBe("seed");
    const result = await importRates(database.db, await readRatesSource(XML));
    expect(result.date).toBe("2026-11-27");
    expect(result.updated).toContain("EUR");
    expect(result.updated).toContain("GBP");
    expect(result.updated).toContain("USD");
    expect(result.programmes).toBeGreaterThan(0);
    const eur = await currency("EUR");
    expect(eur).toMatchObject({ date: "2026-11-27", source: "ECB" });
    expect(eur?.rate).toBeCloseTo(1 / 1.055, 7);
    expect((await currency("GBP"))?.rate).toBeCloseTo(0.8315 / 1.055, 8);
    const { rows } = await database.query<{
      fee: number;
      usd: number;
      total: number | null;
      rate: number;
    }>(
      `select c.tuition_fee::float8 as fee, c.tuition_fee_usd::float8 as usd,
         c.tuition_total_usd::float8 as total, cur.usd_exchange_rate::float8 as rate
       from courses c join currencies cur on cur.id = c.tuition_currency_id
       where cur.short_code = 'GBP' and c.tuition_fee > 0`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.usd).toBeCloseTo(row.fee / row.rate, 1);
      if (row.total !== null) expect(row.total).toBeGreaterThanOrEqual(row.usd);
    }
  });

  it("keeps the rate and date of a currency the ECB does not quote", async () => {
    expect(await currency("NGN")).toMatchObject({ source: "seed" });
    const result = await importRates(database.db, await readRatesSource(XML));
    expect(result.kept).toContain("NGN");
  });

  it("never winds the rates back to an older file's", async () => {
    const result = await importRates(database.db, await readRatesSource(CSV));
    expect(result.date).toBe("2026-11-26");
    expect(result.updated).toEqual([]);
    expect((await currency("EUR"))?.date).toBe("2026-11-27");
  });

  it("refuses a file that is not ECB rates, changing nothing", async () => {
    const eur = await currency("EUR");
    await expect(importRates(database.db, "<html>Service unavailable</html>")).rejects.toThrow(
      /time/,
    );
    expect(await currency("EUR")).toEqual(eur);
  });
});

describe("the daily run", () => {
  it("is taken by one process of several, then not again until a day has passed", async () => {
    const now = new Date("2026-11-28T06:00:00Z");
    const takes = await Promise.all(
      Array.from({ length: 4 }, () => takeRatesLease(database.db, now)),
    );
    expect(takes.filter(Boolean)).toHaveLength(1);
    // The holder is still at it: nobody else takes it.
    expect(await takeRatesLease(database.db, new Date(now.getTime() + 60_000))).toBe(false);
    await database.query("update job_leases set leased_until = now() - interval '1 day'");
  });

  it("imports when due, and is not due again the next hour", async () => {
    let clock = new Date("2026-11-29T06:00:00Z");
    const now = () => clock;
    await database.query("delete from job_leases");
    const first = await importRatesWhenDue(database.db, XML, now);
    expect(first?.date).toBe("2026-11-27");
    clock = new Date("2026-11-29T07:00:00Z");
    expect(await importRatesWhenDue(database.db, XML, now)).toBeUndefined();
    clock = new Date("2026-11-30T06:00:00Z");
    expect((await importRatesWhenDue(database.db, XML, now))?.date).toBe("2026-11-27");
  });

  it("frees the run at once when the import fails, so the next hour retries", async () => {
    let clock = new Date("2026-12-05T06:00:00Z");
    const now = () => clock;
    await expect(importRatesWhenDue(database.db, "/no/such/rates.xml", now)).rejects.toThrow();
    clock = new Date("2026-12-05T07:00:00Z");
    expect((await importRatesWhenDue(database.db, XML, now))?.date).toBe("2026-11-27");
  });
});
