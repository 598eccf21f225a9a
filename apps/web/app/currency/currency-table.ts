// The currencies and their rates as the root data carries them to every page (ADR 061): one text,
// "AED 3.6725 UAE Dirham|AFN 70.5 Afghan Afghani|…", instead of ~150 [code, name, rate] triples
// (about 55 bytes a currency in the hydration data; as one text about 25). The page reads it back
// once per root answer (my-money.ts), so components still see the triples.
import type { CurrencyRate, MyMoney } from "@studyatlas/core/currency/my-money.ts";

import { packRows, unpackRows } from "../utils/packed-rows.ts";

/** The student's money facts as the root data sends them: the currencies as one text. */
export type PackedMoney = Omit<MyMoney, "currencies"> & { currencyTable: string };

/** Tables packed: the catalogue hands out the same table until it changes. */
const packed = new WeakMap<readonly CurrencyRate[], string>();

/** The root data's form of the money facts (root-data.ts). */
export function packMoney({ currencies, ...money }: MyMoney): PackedMoney {
  let currencyTable = packed.get(currencies);
  if (currencyTable === undefined) {
    currencyTable = packCurrencyTable(currencies);
    packed.set(currencies, currencyTable);
  }
  return { ...money, currencyTable };
}

/** The table as one text ("AED 3.6725 UAE Dirham|…"). */
export function packCurrencyTable(currencies: readonly CurrencyRate[]): string {
  return packRows(currencies.map(([code, name, rate]) => [code, String(rate), name]));
}

/** The triples of a packed table, in its order; an entry that cannot be read is skipped. */
export function unpackCurrencyTable(table: string): CurrencyRate[] {
  const currencies: CurrencyRate[] = [];
  for (const [code = "", rate = "", name = ""] of unpackRows(table, 3)) {
    const usdRate = Number(rate);
    if (code !== "" && rate !== "" && Number.isFinite(usdRate)) {
      currencies.push([code, name, usdRate]);
    }
  }
  return currencies;
}
