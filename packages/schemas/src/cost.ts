// A programme's total cost as the API and the pages send it (docs/decisions/051-total-cost-and-rates.md);
// packages/core/src/cost/total-cost.ts computes it.
import { z } from "zod";

const TOTAL_COST_BASES = ["year", "semester", "month", "credit", "programme"] as const;

export const TotalCostSchema = z.object({
  /** known: amount is fee × periods; free: 0; unknown: the fee (or its base) is not known. */
  status: z.enum(["known", "free", "unknown"]),
  /** In `currency` (the programme's own), rounded to its minor units; null when unknown. */
  amount: z.number().nullable(),
  currency: z.string(),
  /** How many fee periods the duration implies ("× 2 years"); null when free or unknown. */
  periods: z.number().nullable(),
  /** The period the fee covers; null when the catalogue's fee base is not one of these. */
  basis: z.enum(TOTAL_COST_BASES).nullable(),
  /** True when the period count is the platform's estimate (credits: 30 a year). */
  periods_estimated: z.boolean(),
});
export type TotalCostJson = z.output<typeof TotalCostSchema>;
