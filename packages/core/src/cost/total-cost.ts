// The total cost of a programme and its estimate in another currency (docs/decisions/051-total-cost-and-rates.md).
// Pure and dependency-free: the server, the finder index and the browser all compute totals here,
// so a card, the programme page, the budget filter and the "sort by total cost" never disagree.

/** Periods a fee can cover, as the catalogue stores them (courses.tuition_fee_base). */
export const FEE_PERIODS = ["year", "semester", "month", "credit", "programme"] as const;
export type FeePeriod = (typeof FEE_PERIODS)[number];

/** Units a duration is given in (courses.duration_base). */
export const DURATION_UNITS = ["hours", "days", "weeks", "months", "years"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/**
 * Credits a full-time year carries. The catalogue stores no credit count, so a fee per credit is
 * multiplied by the credits the duration implies at this pace (30 a year, 15 a semester: the US
 * and ECTS-half convention the seed prices credits by).
 */
const CREDITS_PER_YEAR = 30;

/** Days in each duration unit, as courses.duration_days converts them (8 study hours a day). */
const DAYS_PER_UNIT: Record<DurationUnit, number> = {
  hours: 1 / 8,
  days: 1,
  weeks: 7,
  months: 30.4375,
  years: 365.25,
};
const DAYS_PER_YEAR = 365.25;

/**
 * How far past a whole period a duration may reach before it counts as one more: a "52 weeks"
 * programme is one year, not two, and "13 months" of a monthly fee is thirteen.
 */
const PERIOD_SLACK = 0.03;

type TotalCostInput = {
  /** Negative = unknown, 0 = free, otherwise the fee per period (courses.tuition_fee). */
  fee: number;
  currency: string;
  feeBase: string;
  duration: number;
  durationBase: string;
};

export type TotalCost =
  | {
      status: "known";
      /** The fee times the periods, rounded to the currency's minor units. */
      amount: number;
      currency: string;
      /** The fee per period as stored. */
      fee: number;
      /** How many fee periods the duration implies (may be a half year). */
      periods: number;
      /** The period counted ("year", "semester", "month", "credit", "programme"). */
      basis: FeePeriod;
      /** True when the period count is an estimate the catalogue does not state (credits). */
      periodsEstimated: boolean;
    }
  | { status: "free"; amount: 0; currency: string; fee: 0; periods: null; basis: FeePeriod | null }
  | {
      status: "unknown";
      amount: null;
      currency: string;
      fee: null;
      periods: null;
      basis: FeePeriod | null;
    };

function isFeePeriod(value: string): value is FeePeriod {
  return (FEE_PERIODS as readonly string[]).includes(value);
}

function isDurationUnit(value: string): value is DurationUnit {
  return (DURATION_UNITS as readonly string[]).includes(value);
}

/** Each currency's minor-unit digits, asked of Intl once (a formatter costs more than the sum). */
const minorUnits = new Map<string, number>();

/** Digits after the decimal point a currency is counted in: 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  let digits = minorUnits.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    // Codes come from requests too: only well-formed ones are kept, so the map stays small.
    if (/^[A-Z]{3}$/.test(currency)) minorUnits.set(currency, digits);
  }
  return digits;
}

/** Rounds half away from zero to the currency's minor units, clear of binary-fraction drift. */
export function roundToMinorUnits(amount: number, currency: string): number {
  const factor = 10 ** minorUnitDigits(currency);
  const scaled = amount * factor;
  const rounded = Math.sign(scaled) * Math.round(Math.abs(scaled) + Number.EPSILON * factor);
  return rounded / factor || 0;
}

/** Rounds `value` up to a whole multiple of `step`, forgiving a reach of PERIOD_SLACK of a step. */
function roundUpTo(value: number, step: number): number {
  return Math.max(step, Math.ceil(value / step - PERIOD_SLACK) * step);
}

/**
 * The number of fee periods a duration implies: years count in halves (a semester more is paid,
 * not a whole year), semesters, months and credits in whole periods, at least one period;
 * a fee for the whole programme is one period whatever the duration.
 */
export function feePeriods(
  duration: number,
  durationBase: DurationUnit,
  basis: FeePeriod,
): { periods: number; estimated: boolean } {
  const years = (duration * DAYS_PER_UNIT[durationBase]) / DAYS_PER_YEAR;
  switch (basis) {
    case "programme":
      return { periods: 1, estimated: false };
    case "year":
      return {
        periods: durationBase === "years" ? roundUpTo(duration, 0.5) : roundUpTo(years, 0.5),
        estimated: false,
      };
    case "semester":
      return { periods: roundUpTo(years * 2, 1), estimated: false };
    case "month":
      return {
        periods: durationBase === "months" ? roundUpTo(duration, 1) : roundUpTo(years * 12, 1),
        estimated: false,
      };
    case "credit":
      return { periods: roundUpTo(years * CREDITS_PER_YEAR, 1), estimated: true };
  }
}

/**
 * Fee × the periods the duration implies. An unknown fee (negative), an unknown fee base or
 * duration unit gives an unknown total, never 0; a free programme costs 0 whatever its base.
 */
export function totalCost(input: TotalCostInput): TotalCost {
  const basis = isFeePeriod(input.feeBase) ? input.feeBase : null;
  if (input.fee === 0)
    return { status: "free", amount: 0, currency: input.currency, fee: 0, periods: null, basis };
  const unknown = {
    status: "unknown",
    amount: null,
    currency: input.currency,
    fee: null,
    periods: null,
    basis,
  } as const;
  if (!(input.fee > 0) || !Number.isFinite(input.fee)) return unknown;
  if (basis === null || !isDurationUnit(input.durationBase) || !(input.duration > 0))
    return unknown;
  const { periods, estimated } = feePeriods(input.duration, input.durationBase, basis);
  return {
    status: "known",
    amount: roundToMinorUnits(input.fee * periods, input.currency),
    currency: input.currency,
    fee: input.fee,
    periods,
    basis,
    periodsEstimated: estimated,
  };
}

/** Units of each currency per 1 USD, by ISO code (currencies.usd_exchange_rate). */
export type UsdRates = Readonly<Record<string, number>>;

type ConvertedAmount = {
  amount: number;
  currency: string;
  /** Always true: a converted figure is an estimate at the rates' date, never a quote. */
  estimate: true;
};

/**
 * `amount` in `from` expressed in `to` through the USD rates, rounded to `to`'s minor units;
 * null when either rate is missing or not a positive number.
 */
export function convertAmount(
  amount: number,
  from: string,
  to: string,
  rates: UsdRates,
): ConvertedAmount | null {
  if (!Number.isFinite(amount)) return null;
  if (from === to) return { amount: roundToMinorUnits(amount, to), currency: to, estimate: true };
  const fromRate = rates[from];
  const toRate = rates[to];
  if (fromRate === undefined || toRate === undefined || !(fromRate > 0) || !(toRate > 0))
    return null;
  return {
    amount: roundToMinorUnits((amount / fromRate) * toRate, to),
    currency: to,
    estimate: true,
  };
}

/** "1,300 × 60 credits": one formatter for every description. */
const PERIOD_COUNT = new Intl.NumberFormat("en");

const PERIOD_WORDS: Record<Exclude<FeePeriod, "programme">, [string, string]> = {
  year: ["year", "years"],
  semester: ["semester", "semesters"],
  month: ["month", "months"],
  credit: ["credit", "credits"],
};

/**
 * How the total was computed, in words the programme page and the card use:
 * "4,200 × 2 years", "1,300 × 60 credits (about 30 a year)", "for the full programme".
 * `formatFee` formats the fee as the caller wants it shown (with its currency).
 */
export function describeTotalCost(
  total: TotalCost,
  formatFee: (amount: number, currency: string) => string,
): string {
  if (total.status === "free") return "free";
  if (total.status === "unknown") return "not known";
  if (total.basis === "programme")
    return `${formatFee(total.fee, total.currency)} for the full programme`;
  const [one, many] = PERIOD_WORDS[total.basis];
  const count = PERIOD_COUNT.format(total.periods);
  const words = `${formatFee(total.fee, total.currency)} × ${count} ${total.periods === 1 ? one : many}`;
  return total.periodsEstimated ? `${words} (about ${CREDITS_PER_YEAR} a year)` : words;
}
