// The budget filter's bands (docs/decisions/051-total-cost-and-rates.md): "up to" amounts in the
// student's currency, round numbers of the 1-2-5 series spanning about USD 2,000 to 200,000 of
// total cost, each with its bound in USD as the finder compares it.

const LOW_USD = 2_000;
const HIGH_USD = 200_000;
const MANTISSAS = [1, 2, 5] as const;

export interface BudgetBand {
  /** The band's bound in the student's currency ("up to 5,000,000"). */
  max: number;
  /** The same bound in USD, as the finder compares totals (budgetUsd). */
  maxUsd: number;
}

/**
 * A budget in a currency as the USD bound the finder compares `tuition_total_usd` with: whole
 * cents, so that the index (float8) and SQL (numeric) compare the same two-decimal numbers.
 */
export function budgetUsd(amount: number, usdRate: number): number {
  return Math.round((amount / usdRate) * 100) / 100;
}

/** The bands for a currency whose rate is `usdRate` units per USD. */
export function budgetBands(usdRate: number): BudgetBand[] {
  const low = LOW_USD * usdRate;
  const high = HIGH_USD * usdRate;
  const bands: BudgetBand[] = [];
  for (let exponent = Math.floor(Math.log10(low)); bands.length < 12; exponent += 1) {
    for (const mantissa of MANTISSAS) {
      const max = mantissa * 10 ** exponent;
      if (max < low * 0.999) continue;
      if (max > high * 1.001) return bands;
      bands.push({ max, maxUsd: budgetUsd(max, usdRate) });
    }
  }
  return bands;
}
