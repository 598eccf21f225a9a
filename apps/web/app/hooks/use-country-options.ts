// The country list the root loader preloads for the search forms' country dropdown.
import { useRouteLoaderData } from "react-router";

import type { loadRootData as rootLoader } from "../root-data.ts";
import { type CountryOption, unpackCountryOptions } from "../utils/country-table.ts";

export type { CountryOption };

export function useCountryOptions(): readonly CountryOption[] {
  // Undefined when the root loader itself failed and the error page renders.
  const text = useRouteLoaderData<typeof rootLoader>("root")?.countries;
  return text === undefined ? [] : unpackCountryOptions(text);
}
