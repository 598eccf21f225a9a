// Exchange rates that stay true (docs/decisions/051-total-cost-and-rates.md): the ECB's daily
// reference rates, read from a URL or a file, written to the currencies they name with their date
// and source, and every programme's USD fee (and so its total, a generated column) recomputed at
// the new rate, in one transaction. Currencies the ECB does not quote keep their rate and its date.
// Run by `npm run rates:import` and, when RATES_URL is set, daily by one process of many (a lease
// in job_leases).
import { readFile } from "node:fs/promises";

import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectRows } from "../sql-rows.ts";
import { parseEcbRates, perDollar } from "./ecb-rates.ts";

export const RATES_JOB = "rates-import";
/** A run is due this long after the last good one: daily, a little early so it keeps its hour. */
const RATES_DUE_AFTER_MS = 20 * 60 * 60_000;
/** How long a process holds the job; one that dies mid-run frees it then. */
const LEASE_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 30_000;
const MAX_BYTES = 2_000_000;

interface RatesImportResult {
  date: string;
  source: string;
  /** The currencies whose rate was written. */
  updated: string[];
  /** The catalogue's currencies the file does not quote (they keep their rate and date). */
  kept: string[];
  /** Programmes whose USD fee was recomputed. */
  programmes: number;
}

/** The text at `location`: an http(s) URL, or a file path. */
export async function readRatesSource(location: string): Promise<string> {
  if (/^https?:\/\//i.test(location)) {
    const response = await fetch(location, {
      redirect: "follow",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${location} answered ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_BYTES) throw new Error(`${location} is larger than ${MAX_BYTES} bytes`);
    return text;
  }
  return readFile(location, "utf8");
}

/**
 * Writes the rates of an ECB file to the catalogue's currencies. A currency whose stored rate is
 * newer than the file's is left alone (an old file never winds the rates back).
 */
export async function importRates(
  db: Database,
  text: string,
  source = "ECB",
): Promise<RatesImportResult> {
  const rates = parseEcbRates(text);
  const usdRates = perDollar(rates);
  const codes = [...usdRates.keys()];
  const values = codes.map((code) => usdRates.get(code) as number);
  return db.transaction(async (tx) => {
    const updated = await selectRows<{ id: number; short_code: string }>(
      tx,
      sql`update currencies cur set usd_exchange_rate = r.rate, rate_date = ${rates.date}::date,
            rate_source = ${source}
          from unnest(${`{${codes.join(",")}}`}::text[], ${`{${values.join(",")}}`}::numeric[])
            as r(code, rate)
          where cur.short_code = r.code and cur.rate_date <= ${rates.date}::date
          returning cur.id, cur.short_code`,
    );
    const ids = updated.map((row) => row.id);
    let programmes = 0;
    if (ids.length > 0) {
      // As the programme editor computes it (dashboards/programme-write-steps.ts).
      const changed = await selectRows<{ count: number }>(
        tx,
        sql`with changed as (
              update courses c set tuition_fee_usd = round(c.tuition_fee / cur.usd_exchange_rate, 2)
              from currencies cur
              where cur.id = c.tuition_currency_id and c.tuition_fee > 0
                and c.tuition_currency_id = any(${`{${ids.join(",")}}`}::int[])
                and c.tuition_fee_usd is distinct from round(c.tuition_fee / cur.usd_exchange_rate, 2)
              returning 1)
            select count(*)::int as count from changed`,
      );
      programmes = changed[0]?.count ?? 0;
    }
    const all = await selectRows<{ short_code: string }>(
      tx,
      sql`select short_code from currencies order by short_code`,
    );
    const written = new Set(updated.map((row) => row.short_code));
    return {
      date: rates.date,
      source,
      updated: [...written].sort(),
      kept: all.map((row) => row.short_code).filter((code) => !written.has(code)),
      programmes,
    };
  });
}

/**
 * Takes the daily job when it is due and no other process holds it: one conditional write, so
 * of several processes (or machines on one database) exactly one gets it.
 */
export async function takeRatesLease(db: Database, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  const dueBefore = new Date(now.getTime() - RATES_DUE_AFTER_MS).toISOString();
  const taken = await selectRows<{ name: string }>(
    db,
    sql`insert into job_leases (name, leased_until) values (${RATES_JOB}, ${until})
        on conflict (name) do update set leased_until = excluded.leased_until
        where job_leases.leased_until < ${now.toISOString()}
          and (job_leases.last_success_at is null or job_leases.last_success_at < ${dueBefore})
        returning name`,
  );
  return taken.length > 0;
}

/** Ends the lease: a success makes the next run due a day later, a failure frees it at once. */
async function releaseRatesLease(db: Database, now: Date, succeeded: boolean): Promise<void> {
  await db.execute(
    succeeded
      ? sql`update job_leases set leased_until = ${now.toISOString()}, last_success_at = ${now.toISOString()}
            where name = ${RATES_JOB}`
      : sql`update job_leases set leased_until = ${now.toISOString()} where name = ${RATES_JOB}`,
  );
}

/**
 * The scheduled run: imports from `location` when the job is due and this process takes it;
 * undefined when it was not this process's turn.
 */
export async function importRatesWhenDue(
  db: Database,
  location: string,
  now: () => Date = () => new Date(),
): Promise<RatesImportResult | undefined> {
  if (!(await takeRatesLease(db, now()))) return undefined;
  try {
    const result = await importRates(db, await readRatesSource(location));
    await releaseRatesLease(db, now(), true);
    return result;
  } catch (error) {
    await releaseRatesLease(db, now(), false);
    throw error;
  }
}
