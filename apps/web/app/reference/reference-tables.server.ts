// The reference tables as the server makes them (reference-tables.ts): packed and named once per
// catalogue answer, since the catalogue hands out the same lists until it changes. The root loader
// puts the request's tables in the router context, where entry.server.tsx gives them to the render.
import { createHash } from "node:crypto";

import { createContext } from "react-router";

import type { CachedCatalogue } from "@studyatlas/core/catalogue/cached-catalogue.ts";
import { loadCurrencyRates, type CurrencyRate } from "@studyatlas/core/currency/my-money.ts";

import { packCurrencyTable } from "../currency/currency-table.ts";
import { type CountryOption, packCountryOptions } from "../utils/country-table.ts";
import { NO_REFERENCE_TABLES, type ReferenceTables } from "./reference-tables.ts";

/** The tables of the page being rendered (set by the root loader). */
export const referenceTablesContext = createContext<ReferenceTables>(NO_REFERENCE_TABLES);

let last:
  | {
      countries: readonly CountryOption[];
      currencies: readonly CurrencyRate[];
      tables: ReferenceTables;
    }
  | undefined;

export function referenceTablesOf(
  countries: readonly CountryOption[],
  currencies: readonly CurrencyRate[],
): ReferenceTables {
  if (last?.countries === countries && last.currencies === currencies) return last.tables;
  const packed = {
    countries: packCountryOptions(countries),
    currencies: packCurrencyTable(currencies),
  };
  // Two texts of different lists may be the same only if the lists are: the version is their hash.
  const version = createHash("sha256")
    .update(packed.countries)
    .update("\n")
    .update(packed.currencies)
    .digest("hex")
    .slice(0, 16);
  const tables = { version, ...packed };
  last = { countries, currencies, tables };
  return tables;
}

/** The catalogue's tables now (the address the browser fetches them from). */
export async function loadReferenceTables(services: {
  catalogue: CachedCatalogue;
}): Promise<ReferenceTables> {
  const [countries, { currencies }] = await Promise.all([
    services.catalogue.listCountryOptions({ enabledOnly: true }),
    loadCurrencyRates(services),
  ]);
  return referenceTablesOf(countries, currencies);
}
