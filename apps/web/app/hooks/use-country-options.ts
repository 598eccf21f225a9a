// The country list of the search forms' country dropdown: one of the reference tables every page
// reads (reference/reference-tables.ts).
import { useReferenceTables } from "../reference/reference-tables-context.tsx";
import { type CountryOption, unpackCountryOptions } from "../utils/country-table.ts";

export type { CountryOption };

export function useCountryOptions(): readonly CountryOption[] {
  // Empty when the root loader itself failed and the error page renders.
  return unpackCountryOptions(useReferenceTables().countries);
}
