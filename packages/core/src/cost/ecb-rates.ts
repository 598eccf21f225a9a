// The European Central Bank's daily euro reference rates, read from the XML it publishes
// (eurofxref-daily.xml) or from its CSV (eurofxref.csv), and turned into the catalogue's form:
// units of each currency per 1 USD (docs/decisions/051-total-cost-and-rates.md).

interface EcbRates {
  /** The day the rates are of, YYYY-MM-DD. */
  date: string;
  /** Units of each currency per 1 EUR, by ISO code (EUR itself is 1). */
  perEuro: Map<string, number>;
}

export class RatesFormatError extends Error {
  override name = "RatesFormatError";
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

function isoDate(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) {
    const date = new Date(`${trimmed}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== trimmed
      ? undefined
      : trimmed;
  }
  // The CSV's "27 November 2026".
  const match = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(trimmed);
  const month = match ? MONTHS.indexOf((match[2] as string).toLowerCase()) : -1;
  if (!match || month < 0) return undefined;
  return isoDate(
    `${match[3]}-${String(month + 1).padStart(2, "0")}-${(match[1] as string).padStart(2, "0")}`,
  );
}

function addRate(perEuro: Map<string, number>, code: string, text: string): void {
  const currency = code.trim().toUpperCase();
  const rate = Number(text.trim());
  // The CSV ends each line with a comma; an empty column or "N/A" is no rate.
  if (!/^[A-Z]{3}$/.test(currency) || !(rate > 0) || !Number.isFinite(rate)) return;
  perEuro.set(currency, rate);
}

function parseXml(text: string): EcbRates {
  const day = /<Cube\s+time=["']([^"']+)["']/.exec(text);
  const date = day ? isoDate(day[1] as string) : undefined;
  if (!date)
    throw new RatesFormatError("The XML has no <Cube time='YYYY-MM-DD'> with a valid date.");
  const perEuro = new Map<string, number>([["EUR", 1]]);
  // Only the first day's rates (a history file lists the newest day first).
  const next = text.indexOf("<Cube time=", (day?.index ?? 0) + 1);
  const body = text.slice(day?.index ?? 0, next < 0 ? undefined : next);
  for (const match of body.matchAll(
    /<Cube\s+currency=["']([A-Za-z]{3})["']\s+rate=["']([^"']+)["']\s*\/>/g,
  )) {
    addRate(perEuro, match[1] as string, match[2] as string);
  }
  return { date, perEuro };
}

function parseCsv(text: string): EcbRates {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const header = lines[0]?.split(",");
  const values = lines[1]?.split(",");
  if (!header || !values || header[0]?.trim().toLowerCase() !== "date") {
    throw new RatesFormatError("The CSV does not start with a 'Date, USD, JPY, ...' header line.");
  }
  const date = isoDate(values[0] ?? "");
  if (!date) throw new RatesFormatError(`The CSV's date '${values[0] ?? ""}' is not a date.`);
  const perEuro = new Map<string, number>([["EUR", 1]]);
  header.forEach((code, column) => {
    if (column > 0) addRate(perEuro, code, values[column] ?? "");
  });
  return { date, perEuro };
}

/** The rates of an ECB XML or CSV file; throws RatesFormatError when it is neither. */
export function parseEcbRates(text: string): EcbRates {
  const rates = text.trimStart().startsWith("<") ? parseXml(text) : parseCsv(text);
  if (!rates.perEuro.has("USD")) {
    throw new RatesFormatError("The file has no USD rate, which every other rate is expressed by.");
  }
  return rates;
}

/** Units of each currency per 1 USD (USD itself 1), as currencies.usd_exchange_rate keeps them. */
export function perDollar(rates: EcbRates): Map<string, number> {
  const dollar = rates.perEuro.get("USD") as number;
  const result = new Map<string, number>();
  for (const [code, perEuro] of rates.perEuro) {
    result.set(code, code === "USD" ? 1 : Number((perEuro / dollar).toPrecision(10)));
  }
  return result;
}
