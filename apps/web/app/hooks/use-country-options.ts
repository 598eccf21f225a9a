// The country list the root loader preloads for the search forms' country dropdown.
import { useRouteLoaderData } from "react-router";

import type { loadRootData as rootLoader } from "../root-data.ts";

export type CountryOption = { id: number; name: string; slug: string };

export function useCountryOptions(): readonly CountryOption[] {
  // Undefined when the root loader itself failed and the error page renders.
  return useRouteLoaderData<typeof rootLoader>("root")?.countries ?? [];
}
