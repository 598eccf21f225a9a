// The budget requests of bench:finder and bench:finder-versus: the filter-only requests again
// with a total cost ceiling in a currency (ADR 051).
import { createRandom } from "@studyatlas/db/seed/random.ts";

import type { FinderRequest } from "./finder-requests.ts";

/** A total cost ceiling in each currency, about the same sums in US dollars (ADR 051). */
const BUDGETS: ReadonlyArray<[string, readonly number[]]> = [
  ["USD", [5000, 10000, 20000, 40000, 80000]],
  ["EUR", [5000, 10000, 20000, 40000, 80000]],
  ["GBP", [4000, 8000, 15000, 30000, 60000]],
  ["NGN", [5_000_000, 15_000_000, 30_000_000, 60_000_000]],
  ["INR", [400_000, 800_000, 1_600_000, 3_200_000]],
];

/**
 * The filter-only requests again with a budget in a currency, each once (drawn from their own
 * random stream, so the other sets stay what they were before the budget existed).
 */
export function budgetRequests(requests: readonly FinderRequest[]): FinderRequest[] {
  const r = createRandom(2051);
  return requests
    .filter((request) => !request.text)
    .map((request) => {
      const query = new URLSearchParams(request.query);
      const [currency, amounts] = r.pick(BUDGETS);
      query.set("max_total", String(r.pick(amounts)));
      query.set("currency", currency);
      return { query: query.toString(), text: false, relevance: false };
    });
}
