// The continents: codes as stored (the specs show them as AS/AF in discovery and eu/na in
// accounts) and the names the pages show.
export const CONTINENT_CODES = ["AF", "AN", "AS", "EU", "NA", "OC", "SA"] as const;
export type ContinentCode = (typeof CONTINENT_CODES)[number];

export const CONTINENT_NAMES: Readonly<Record<ContinentCode, string>> = {
  AF: "Africa",
  AN: "Antarctica",
  AS: "Asia",
  EU: "Europe",
  NA: "North America",
  OC: "Oceania",
  SA: "South America",
};

/** A continent's name, whatever the case of its code; an unknown code is shown as it is. */
export function continentName(code: string): string {
  return CONTINENT_NAMES[code.toUpperCase() as ContinentCode] ?? code;
}
