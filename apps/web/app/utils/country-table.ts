// The country list of the search forms as every page reads it (ADR 061, ADR 065): one text,
// "11 argentina Argentina|12 australia Australia|…", one of the reference tables
// (reference/reference-tables.ts), read back once per text (hooks/use-country-options.ts).
import { packRows, unpackRows } from "./packed-rows.ts";

export type CountryOption = { id: number; name: string; slug: string };

/** Lists packed: the catalogue hands out the same list until it changes. */
const packed = new WeakMap<readonly CountryOption[], string>();

export function packCountryOptions(countries: readonly CountryOption[]): string {
  let text = packed.get(countries);
  if (text === undefined) {
    text = packRows(countries.map(({ id, slug, name }) => [String(id), slug, name]));
    packed.set(countries, text);
  }
  return text;
}

/** The list last read: every answer carries the same text until the catalogue changes. */
let lastRead: { text: string; countries: readonly CountryOption[] } = { text: "", countries: [] };

export function unpackCountryOptions(text: string): readonly CountryOption[] {
  if (lastRead.text !== text) {
    const countries = unpackRows(text, 3).flatMap(([id = "", slug = "", name = ""]) =>
      Number.isInteger(Number(id)) && id !== "" ? [{ id: Number(id), slug, name }] : [],
    );
    lastRead = { text, countries };
  }
  return lastRead.countries;
}
