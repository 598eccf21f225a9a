// The student's currency on every page (docs/decisions/052-my-currency-and-compare.md): the root
// loader resolves it on the server (account, cookie, browser languages, country), so the first
// paint is already in it; components read it here, with the rates to convert by.
import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";

import type { UsdRates } from "@studyatlas/core/cost/total-cost.ts";
import type { MyMoney } from "@studyatlas/core/currency/my-money.ts";

import type { loadRootData } from "../root-data.ts";
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

/**
 * The view of each root loader answer, made once however many components ask (twenty cards of a
 * page each read it): the rates table walks every currency.
 */
const views = new WeakMap<MyMoney, MoneyView>();

/** The money facts of a root loader answer (pure, for tests). */
export function moneyViewOf(money: MyMoney): MoneyView {
  let view = views.get(money);
  if (!view) {
    view = makeMoneyView(money);
    views.set(money, view);
  }
  return view;
}

function makeMoneyView(money: MyMoney): MoneyView {
  const rates: Record<string, number> = {};
  let name = money.code;
  for (const [code, currencyName, rate] of money.currencies) {
    rates[code] = rate;
    if (code === money.code) name = currencyName;
  }
  return {
    code: money.code,
    name,
    rates,
    rateDate: formatRateDate(money.rateDate),
    source: money.source,
    currencies: money.currencies,
  };
}

/** The student's currency, or undefined when the root loader failed (the error pages). */
export function useMyMoney(): MoneyView | undefined {
  const money = useRouteLoaderData<typeof loadRootData>("root")?.money;
  return useMemo(() => (money ? moneyViewOf(money) : undefined), [money]);
}
