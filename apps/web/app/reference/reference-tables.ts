// The reference tables every page reads (docs/decisions/065-reference-tables-cached-apart.md): the
// search forms' countries and the currencies with their rates, each as one packed text
// (utils/packed-rows.ts). They change with the catalogue, not with the page, so a page's HTML
// does not carry them: it names their version, and the browser fetches them once per version from
// an address it may keep for good (server/routes/reference-tables.ts).

export interface ReferenceTables {
  /** Names this content: a new catalogue answer gives a new version (and a new address). */
  version: string;
  /** "11 argentina Argentina|…" (utils/country-table.ts). */
  countries: string;
  /** "AED 3.6725 UAE Dirham|…" (currency/currency-table.ts). */
  currencies: string;
}

/** What a page without the root's data (an error page) has: nothing to pick from. */
export const NO_REFERENCE_TABLES: ReferenceTables = { version: "", countries: "", currencies: "" };

/** Versions are lower-case hexadecimal, so the address needs no escaping. */
export const REFERENCE_VERSION = /^[0-9a-f]{1,64}$/;

export function referenceTablesPath(version: string): string {
  return `/reference/${version}.json`;
}

/** The tables of an answer of that address, or undefined when it is not such an answer. */
export function readReferenceTables(value: unknown): ReferenceTables | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { version, countries, currencies } = value as Record<string, unknown>;
  if (typeof version !== "string" || !REFERENCE_VERSION.test(version)) return undefined;
  if (typeof countries !== "string" || typeof currencies !== "string") return undefined;
  return { version, countries, currencies };
}
