// What every page needs to show fees in the student's currency
// (docs/decisions/052-my-currency-and-compare.md): the currency (chosen, or guessed), and each
// currency's rate per US dollar with the snapshot's date, read once per catalogue change.
import type { Database } from "@studyatlas/db/client.ts";

import type { CachedCatalogue } from "../catalogue/cached-catalogue.ts";
import {
  getAccountCurrencyFacts,
  resolveMyCurrency,
  type MyCurrencySource,
} from "./my-currency.ts";

/** A currency the picker offers and the page converts with: [code, name, units per US dollar]. */
export type CurrencyRate = [code: string, name: string, usdRate: number];

export interface MyMoney {
  code: string;
  source: MyCurrencySource;
  currencies: CurrencyRate[];
  /** The newest rate snapshot's day (YYYY-MM-DD), or '' with no currencies. */
  rateDate: string;
}

export interface MyMoneyRequest {
  userId: number | null;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

type ListedCurrency = Awaited<ReturnType<CachedCatalogue["listCurrencies"]>>["results"][number];

/**
 * The currencies' table of one catalogue answer, made once: the catalogue keeps its answer until
 * the catalogue changes, and every page's root data asks for it (ADR 061). The same table each
 * time also lets the page's data pack it once (apps/web currency-table.ts).
 */
const tables = new WeakMap<
  readonly ListedCurrency[],
  { currencies: CurrencyRate[]; rateDate: string }
>();

function ratesOf(listed: readonly ListedCurrency[]): {
  currencies: CurrencyRate[];
  rateDate: string;
} {
  let table = tables.get(listed);
  if (!table) {
    table = {
      currencies: listed
        .filter((currency) => currency.usd_exchange_rate > 0)
        .map((currency) => [
          currency.short_code.toUpperCase(),
          currency.name,
          currency.usd_exchange_rate,
        ]),
      rateDate: listed.reduce(
        (newest, currency) => (currency.rate_date > newest ? currency.rate_date : newest),
        "",
      ),
    };
    tables.set(listed, table);
  }
  return table;
}

/** The currencies with a rate and the rates' day, as every page converts with them. */
export async function loadCurrencyRates(services: {
  catalogue: CachedCatalogue;
}): Promise<{ currencies: CurrencyRate[]; rateDate: string }> {
  return ratesOf((await services.catalogue.listCurrencies({ limit: 1000, offset: 0 })).results);
}

/** The root loader's currency facts for one request. */
export async function loadMyMoney(
  services: { db: Database; catalogue: CachedCatalogue },
  request: MyMoneyRequest,
): Promise<MyMoney> {
  const [{ currencies, rateDate }, countryCurrencies, account] = await Promise.all([
    loadCurrencyRates(services),
    services.catalogue.listCountryCurrencies(),
    request.userId === null
      ? Promise.resolve({ currency: null, residenceCountry: null })
      : getAccountCurrencyFacts(services.db, request.userId),
  ]);
  const resolved = resolveMyCurrency({
    account: account.currency,
    cookie: request.cookie,
    acceptLanguage: request.acceptLanguage,
    residenceCountry: account.residenceCountry,
    known: new Set(currencies.map(([code]) => code)),
    currencyOfCountry: new Map(countryCurrencies),
  });
  return { ...resolved, currencies, rateDate };
}
