// How an amount converted to the student's currency reads (docs/decisions/052-my-currency-and-compare.md):
// an estimate, to two significant figures and in short form from 100,000 ("₦7.1M", "€3,900"),
// through Intl.NumberFormat, one formatter per currency and size, made once. The school's own fee
// keeps the spec's form (utils/course-display.ts).

const ENGLISH = "en-US";
/** From here an estimate reads in short form ("₦7.1M" rather than "₦7,100,000"). */
const COMPACT_FROM = 100_000;

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let kept = formatters.get(key);
  if (!kept) {
    kept = make();
    formatters.set(key, kept);
  }
  return kept;
}

/**
 * The display of a currency's sign: its symbol ("€", "A$", "CA$"); where English has none but
 * the ISO code ("NGN 4,200"), the narrow local sign ("₦", "Rp") unless that is a bare "$",
 * which would be taken for US dollars.
 */
const displays = new Map<string, "symbol" | "narrowSymbol">();

function displayOf(code: string): "symbol" | "narrowSymbol" {
  let display = displays.get(code);
  if (!display) {
    const sign = (currencyDisplay: "symbol" | "narrowSymbol") =>
      new Intl.NumberFormat(ENGLISH, { style: "currency", currency: code, currencyDisplay }).format(
        1,
      );
    const symbol = sign("symbol");
    const narrow = sign("narrowSymbol");
    const useNarrow =
      symbol.startsWith(code) && !narrow.startsWith("$") && !narrow.startsWith(code);
    display = useNarrow ? "narrowSymbol" : "symbol";
    displays.set(code, display);
  }
  return display;
}

/** Whether Intl takes each well-formed code, asked once per code. */
const intlCurrencies = new Map<string, boolean>();

/** Whether Intl takes the code (a malformed one falls back to "1,234 XY"). */
function isIntlCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  let taken = intlCurrencies.get(code);
  if (taken === undefined) {
    try {
      new Intl.NumberFormat(ENGLISH, { style: "currency", currency: code });
      taken = true;
    } catch {
      taken = false;
    }
    intlCurrencies.set(code, taken);
  }
  return taken;
}

/** A converted amount, rounded as an estimate should be: "₦7.1M", "€3,900", "¥650K". */
export function formatEstimatedMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  if (!isIntlCurrency(code)) return `${amount.toPrecision(2)} ${code}`;
  const compact = Math.abs(amount) >= COMPACT_FROM;
  return formatter(`estimate:${code}:${compact}`, () => {
    const options: Intl.NumberFormatOptions = {
      style: "currency",
      currency: code,
      currencyDisplay: displayOf(code),
      maximumSignificantDigits: 2,
    };
    if (compact) options.notation = "compact";
    return new Intl.NumberFormat(ENGLISH, options);
  }).format(amount);
}

const RATE_DAY = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** The day last said: every page says the same day until the rates change. */
let lastRateDay = { day: "", text: "" };

/** A rate snapshot's day as pages say it ("1 Nov 2026"); '' for none. */
export function formatRateDate(day: string): string {
  if (lastRateDay.day === day) return lastRateDay.text;
  const date = new Date(`${day}T00:00:00Z`);
  const text = Number.isNaN(date.getTime()) ? "" : RATE_DAY.format(date);
  lastRateDay = { day, text };
  return text;
}
