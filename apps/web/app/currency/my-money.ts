// The student's currency on every page (docs/decisions/052-my-currency-and-compare.md): the root
// loader resolves it on the server (account, cookie, browser languages, country), so the first
// paint is already in it; components read it here, with the rates to convert by.
import { useRouteLoaderData } from "react-router";

import type { UsdRates } from "@studyatlas/core/cost/total-cost.ts";
import type { CurrencyRate, MyMoney } from "@studyatlas/core/currency/my-money.ts";

import { useReferenceTables } from "../reference/reference-tables-context.tsx";
import type { loadRootData } from "../root-data.ts";
import { unpackCurrencyTable } from "./currency-table.ts";
import { formatRateDate } from "./money-format.ts";

export interface MoneyView {
  /** The student's currency (ISO 4217, upper case). */
  code: string;
  /** Its name ("Nigerian Naira"). */
  name: string;
  /** Units of each currency per US dollar, by code. */
  rates: UsdRates;
  /** The rates' day as pages say it ("1 Nov 2026"), or ''. */
  rateDate: string;
  source: MyMoney["source"];
  currencies: MyMoney["currencies"];
}

interface ReadTable {
  text: string;
  currencies: CurrencyRate[];
  rates: UsdRates;
  names: ReadonlyMap<string, string>;
}

/**
 * The table last read: every answer carries the same text until the rates change, so the server
 * reads it once, not once a render. Its rates are shared: read them, never write them.
 */
let lastTable: ReadTable | undefined;

function readTable(text: string): ReadTable {
  if (lastTable?.text === text) return lastTable;
  const currencies = unpackCurrencyTable(text);
  const rates: Record<string, number> = {};
  const names = new Map<string, string>();
  for (const [code, name, rate] of currencies) {
    rates[code] = rate;
    names.set(code, name);
  }
  lastTable = { text, currencies, rates, names };
  return lastTable;
}

/** The student's money facts as the root data sends them: the rates come with the reference tables. */
export type RootMoney = Omit<MyMoney, "currencies">;

/** The money facts of a root loader answer and a currency table (pure, for tests). */
export function moneyViewOf(money: RootMoney, currencyTable: string): MoneyView {
  const { currencies, rates, names } = readTable(currencyTable);
  return {
    code: money.code,
    name: names.get(money.code) ?? money.code,
    rates,
    rateDate: formatRateDate(money.rateDate),
    source: money.source,
    currencies,
  };
}

/**
 * One view per root answer: a server render does not keep `useMemo` between components, so each
 * of a page's twenty cards built its own map of ~150 rates (ADR 061); the table is read once.
 */
const views = new WeakMap<RootMoney, { table: string; view: MoneyView }>();

function cachedMoneyViewOf(money: RootMoney, currencyTable: string): MoneyView {
  let made = views.get(money);
  if (made?.table !== currencyTable) {
    made = { table: currencyTable, view: moneyViewOf(money, currencyTable) };
    views.set(money, made);
  }
  return made.view;
}

/** The student's currency, or undefined when the root loader failed (the error pages). */
export function useMyMoney(): MoneyView | undefined {
  const money = useRouteLoaderData<typeof loadRootData>("root")?.money;
  const { currencies } = useReferenceTables();
  return money ? cachedMoneyViewOf(money, currencies) : undefined;
}
