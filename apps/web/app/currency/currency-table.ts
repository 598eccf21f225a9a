// The currencies and their rates as the root data carries them to every page (ADR 061): one text,
// "AED 3.6725 UAE Dirham|AFN 70.5 Afghan Afghani|…", instead of ~150 [code, name, rate] triples.
// The hydration data writes each triple as an array of three references plus its values, about
// 55 bytes a currency; as one text it is about 25. The page reads it back once per root answer
// (my-money.ts), so components still see the triples.
import type { CurrencyRate, MyMoney } from "@studyatlas/core/currency/my-money.ts";

const ENTRY = "|";

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

/**
 * The table as one text. Codes and rates hold no space; a name is the rest of its entry, so it
 * may hold spaces but not the entry separator, which is dropped from it.
 */
export function packCurrencyTable(currencies: readonly CurrencyRate[]): string {
  return currencies
    .map(([code, name, rate]) => `${code} ${String(rate)} ${name.replaceAll(ENTRY, "")}`)
    .join(ENTRY);
}

/** The triples of a packed table, in its order; an entry that cannot be read is skipped. */
export function unpackCurrencyTable(table: string): CurrencyRate[] {
  const currencies: CurrencyRate[] = [];
  if (table === "") return currencies;
  for (const entry of table.split(ENTRY)) {
    const first = entry.indexOf(" ");
    const second = entry.indexOf(" ", first + 1);
    if (first <= 0 || second <= first) continue;
    const rate = Number(entry.slice(first + 1, second));
    if (!Number.isFinite(rate)) continue;
    currencies.push([entry.slice(0, first), entry.slice(second + 1), rate]);
  }
  return currencies;
}
