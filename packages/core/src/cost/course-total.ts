// The total_cost field of a programme's card and page (TotalCostSchema), from its own columns.
import type { TotalCostJson } from "@studyatlas/schemas/cost.ts";

import { totalCost } from "./total-cost.ts";

type CostColumns = {
  tuition_fee: number;
  tuition_fee_base: string;
  duration: number;
  duration_base: string;
  tuition_currency: { short_code: string };
};

export function totalCostOf(course: CostColumns): TotalCostJson {
  const total = totalCost({
    fee: course.tuition_fee,
    currency: course.tuition_currency.short_code,
    feeBase: course.tuition_fee_base,
    duration: course.duration,
    durationBase: course.duration_base,
  });
  return {
    status: total.status,
    amount: total.amount,
    currency: total.currency,
    periods: total.periods,
    basis: total.basis,
    periods_estimated: total.status === "known" && total.periodsEstimated,
  };
}

/** The rows with their total_cost added last (the index's cards put it in the same place). */
export function withTotalCosts<T extends CostColumns>(
  rows: T[],
): (T & { total_cost: TotalCostJson })[] {
  return rows.map((row) => Object.assign(row, { total_cost: totalCostOf(row) }));
}
