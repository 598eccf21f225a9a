// The SQL twin of the total-cost rules (public.tuition_periods, migration 0024) against
// total-cost.ts, on both engines: the budget filter and the total-cost order read the column it
// feeds, the cards show what total-cost.ts computes, so the two must count the same periods for
// every fee base and every duration the catalogue allows (docs/decisions/051-total-cost-and-rates.md).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { selectRows } from "../sql-rows.ts";
import { DURATION_UNITS, FEE_PERIODS, feePeriods } from "./total-cost.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe("public.tuition_periods", () => {
  it("counts the periods total-cost.ts counts, for every base, unit and duration 1-1000", async () => {
    const rows = await selectRows<{
      unit: string;
      basis: string;
      duration: number;
      periods: number;
    }>(
      database.db,
      sql`select u.unit, b.basis, d.duration,
            public.tuition_periods(d.duration, u.unit, b.basis)::float8 as periods
          from unnest(${`{${DURATION_UNITS.join(",")}}`}::text[]) as u(unit)
          cross join unnest(${`{${FEE_PERIODS.join(",")}}`}::text[]) as b(basis)
          cross join generate_series(1, 1000) as d(duration)`,
    );
    expect(rows).toHaveLength(DURATION_UNITS.length * FEE_PERIODS.length * 1000);
    const disagreements = rows.filter(
      (row) =>
        row.periods !==
        feePeriods(
          row.duration,
          row.unit as (typeof DURATION_UNITS)[number],
          row.basis as (typeof FEE_PERIODS)[number],
        ).periods,
    );
    expect(disagreements).toEqual([]);
  });

  it("gives no period count for a base it does not know", async () => {
    const rows = await selectRows<{ periods: number | null }>(
      database.db,
      sql`select public.tuition_periods(2, 'years', '')::float8 as periods`,
    );
    expect(rows[0]?.periods).toBeNull();
  });

  it("feeds tuition_total_usd: unknown stays null, free is 0, otherwise fee_usd × periods", async () => {
    const rows = await selectRows<{
      fee: number;
      feeUsd: number | null;
      total: number | null;
      periods: number | null;
    }>(
      database.db,
      sql`select tuition_fee::float8 as fee, tuition_fee_usd::float8 as "feeUsd",
            tuition_total_usd::float8 as total,
            public.tuition_periods(duration, duration_base, tuition_fee_base)::float8 as periods
          from courses`,
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      if (row.fee < 0) expect(row.total).toBeNull();
      else if (row.fee === 0) expect(row.total).toBe(0);
      else
        expect(row.total).toBeCloseTo((row.feeUsd ?? Number.NaN) * (row.periods ?? Number.NaN), 1);
    }
    expect(rows.some((row) => row.periods !== null && row.periods > 1 && row.fee > 0)).toBe(true);
  });
});
