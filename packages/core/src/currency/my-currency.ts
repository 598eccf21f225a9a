// My currency (docs/decisions/052-my-currency-and-compare.md): which currency a student reads fees
// in. Chosen on the account when signed in, else in a cookie; with neither, guessed from the
// browser's languages (the first with a region whose country has a currency: en-NG is NGN), then
// from the country of residence on the account, then US dollars.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { userPreferences } from "@studyatlas/db/schema/preferences.ts";
import {
  CURRENCY_CODE_PATTERN,
  DEFAULT_CURRENCY,
  MY_CURRENCY_MESSAGES,
} from "@studyatlas/schemas/my-currency-rules.ts";

import { ValidationError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";

/** Where the currency came from: the account or cookie (chosen), or a guess. */
export type MyCurrencySource = "account" | "cookie" | "locale" | "country" | "default";

export interface MyCurrency {
  code: string;
  source: MyCurrencySource;
}

export interface MyCurrencyInputs {
  /** The account's choice (signed in), if any. */
  account: string | null | undefined;
  /** The cookie's value, as sent (anything). */
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  /** The account's country of residence (ISO 3166-1 alpha-2), if any. */
  residenceCountry: string | null | undefined;
  /** Currency codes we have a rate for. */
  known: ReadonlySet<string>;
  /** ISO 3166-1 alpha-2 country code (upper case) to its currency code. */
  currencyOfCountry: ReadonlyMap<string, string>;
}

/**
 * The regions of an Accept-Language header, most preferred first (`en-NG,en;q=0.9,fr-FR;q=0.5`
 * gives NG, FR). Tags without a two-letter region (`en`, `es-419`) give none; q=0 means "not this".
 */
export function regionsOfAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  const weighted: { region: string; q: number; order: number }[] = [];
  header
    .slice(0, 512)
    .split(",")
    .forEach((item, order) => {
      const [tag = "", ...params] = item.trim().split(";");
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      if (!Number.isFinite(q) || q <= 0) return;
      const region = tag
        .split("-")
        .slice(1)
        .find((subtag) => /^[a-z]{2}$/i.test(subtag));
      if (region) weighted.push({ region: region.toUpperCase(), q, order });
    });
  weighted.sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(weighted.map((item) => item.region))];
}

function knownCode(value: string | null | undefined, known: ReadonlySet<string>) {
  const code = value?.trim().toUpperCase();
  return code && CURRENCY_CODE_PATTERN.test(code) && known.has(code) ? code : undefined;
}

/** The student's currency and where it came from (the order in this module's heading). */
export function resolveMyCurrency(inputs: MyCurrencyInputs): MyCurrency {
  const { known, currencyOfCountry } = inputs;
  const account = knownCode(inputs.account, known);
  if (account) return { code: account, source: "account" };
  const cookie = knownCode(inputs.cookie, known);
  if (cookie) return { code: cookie, source: "cookie" };
  for (const region of regionsOfAcceptLanguage(inputs.acceptLanguage)) {
    const code = knownCode(currencyOfCountry.get(region), known);
    if (code) return { code, source: "locale" };
  }
  const residence = inputs.residenceCountry?.toUpperCase();
  const country = residence ? knownCode(currencyOfCountry.get(residence), known) : undefined;
  if (country) return { code: country, source: "country" };
  return { code: DEFAULT_CURRENCY, source: "default" };
}

/** Country code to currency code for every country with a currency (the guess's table). */
export async function listCountryCurrencies(db: Database): Promise<[string, string][]> {
  const rows = await selectRows<{ code: string; currency: string }>(
    db,
    sql`select code, currency_code as currency from countries
        where currency_code is not null order by code`,
  );
  return rows.map((row) => [row.code.toUpperCase(), row.currency.toUpperCase()]);
}

/** What the account keeps for the currency guess: its choice and its country of residence. */
export async function getAccountCurrencyFacts(
  db: Database,
  userId: number,
): Promise<{ currency: string | null; residenceCountry: string | null }> {
  const row = await selectOne<{ currency: string | null; country: string | null }>(
    db,
    sql`select p.currency_code as currency, c.code as country
        from users u
        left join user_preferences p on p.user_id = u.id
        left join client_profiles cp on cp.user_id = u.id
        left join countries c on c.id = cp.country_of_residence_id
        where u.id = ${userId}`,
  );
  return { currency: row?.currency ?? null, residenceCountry: row?.country ?? null };
}

/** Checks the code names a currency we have a rate for; returns it in upper case. */
export async function assertKnownCurrency(db: Database, value: string): Promise<string> {
  const code = value.trim().toUpperCase();
  const row = CURRENCY_CODE_PATTERN.test(code)
    ? await selectOne<{ code: string }>(
        db,
        sql`select short_code as code from currencies where upper(short_code) = ${code}`,
      )
    : undefined;
  if (!row) {
    throw new ValidationError(MY_CURRENCY_MESSAGES.unknownCode, {
      code: "unknown_currency",
      errors: { currency: [MY_CURRENCY_MESSAGES.unknownCode] },
    });
  }
  return code;
}

/** Keeps the account's currency (one row per user; a second save overwrites). */
export async function saveAccountCurrency(
  db: Database,
  userId: number,
  code: string,
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, currencyCode: code })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { currencyCode: code, updatedAt: sql`now()` },
    });
}
