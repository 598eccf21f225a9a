// The tuition filter (docs/spec/discovery.md §2 Filters, §5, §9): a range slider 0 to 100000 step 1 in the
// chosen currency, default 0 to 10000 USD, sent as 'min,max' in USD — each end divided by the
// currency's usd_exchange_rate (units per US dollar) and rounded.

export const TUITION_SLIDER = { min: 0, max: 100_000, step: 1 } as const;
export const DEFAULT_TUITION_RANGE: readonly [number, number] = [0, 10_000];
export const DEFAULT_TUITION_CURRENCY = "USD";

function clampToSlider(value: number): number {
  if (!Number.isFinite(value)) return TUITION_SLIDER.min;
  return Math.min(TUITION_SLIDER.max, Math.max(TUITION_SLIDER.min, Math.round(value)));
}

/** Keeps a typed range inside the slider and in order (min ≤ max). */
export function normaliseTuitionRange(min: number, max: number): [number, number] {
  const low = clampToSlider(min);
  const high = clampToSlider(max);
  return low <= high ? [low, high] : [high, low];
}

/**
 * The query value for a range in a currency: 'min,max' in whole US dollars. A missing or
 * non-positive rate (bad reference data) is treated as 1, i.e. the amounts are taken as USD.
 */
export function tuitionQueryValue(min: number, max: number, usdExchangeRate: number): string {
  const rate = Number.isFinite(usdExchangeRate) && usdExchangeRate > 0 ? usdExchangeRate : 1;
  const [low, high] = normaliseTuitionRange(min, max);
  return `${Math.round(low / rate)},${Math.round(high / rate)}`;
}

/** Reads 'min,max' (USD) back into the chosen currency, for the inputs and the filter chip. */
export function tuitionRangeFromQuery(
  value: string | null,
  usdExchangeRate: number,
): [number, number] | undefined {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value ?? "");
  if (!match) return undefined;
  const rate = Number.isFinite(usdExchangeRate) && usdExchangeRate > 0 ? usdExchangeRate : 1;
  return normaliseTuitionRange(Number(match[1]) * rate, Number(match[2]) * rate);
}
