// The currencies and their rates as every page reads them (ADR 061, ADR 065): one text,
// "AED 3.6725 UAE Dirham|AFN 70.5 Afghan Afghani|…", instead of ~150 [code, name, rate] triples
// (about 55 bytes a currency in hydration data; as one text about 25), one of the reference tables
// (reference/reference-tables.ts). The page reads it back once per text (my-money.ts), so components
// still see the triples.
import type { CurrencyRate } from "@studyatlas/core/currency/my-money.ts";

import { packRows, unpackRows } from "../utils/packed-rows.ts";

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
