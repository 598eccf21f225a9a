// A programme's fee and total cost as a student reads them
// (docs/decisions/052-my-currency-and-compare.md): the school's own fee as the spec writes it
// ("4,200 EUR / year", docs/spec/discovery.md §9), and beside it an estimate in the student's
// currency ("about ₦7.1M / year"); the total from the cost rules (core/cost/total-cost.ts) with how
// it was computed ("4,200 EUR × 2 years"). Pure, so every case is unit-tested.
import {
  convertAmount,
  describeTotalCost,
  totalCost,
  type UsdRates,
} from "@studyatlas/core/cost/total-cost.ts";
import type { CourseListItem } from "@studyatlas/schemas/catalogue.ts";

import { formatAmount, formatTuition } from "../utils/course-display.ts";
import { formatEstimatedMoney } from "./money-format.ts";

export type FeeFields = Pick<
  CourseListItem,
  "tuition_fee" | "tuition_fee_base" | "duration" | "duration_base"
> & {
  tuition_currency: Pick<CourseListItem["tuition_currency"], "short_code">;
};

export interface FeeLines {
  /** The school's own: "4,200 EUR / year", "FREE", "N/A". */
  own: string;
  /** The estimate in my currency ("about ₦7.1M / year"), when it differs and converts. */
  mine?: string;
  /** The total ("€8,400 in total" is left to the caller): undefined when free or unknown. */
  total?: {
    own: string;
    mine?: string;
    /** "4,200 EUR × 2 years". */
    how: string;
    /**
     * The line under the total: how it was computed, and the total in the school's currency when
     * the total shown is the estimate ("4,200 EUR × 2 years = 8,400 EUR").
     */
    detail: string;
  };
  /** The total is not known (an unknown fee): say so, never 0. */
  totalUnknown: boolean;
}

function perBase(text: string, base: string): string {
  const trimmed = base.trim();
  return trimmed ? `${text} / ${trimmed}` : text;
}

function ownMoney(amount: number, currency: string): string {
  return `${formatAmount(amount)} ${currency}`;
}

/** The fee lines of a programme for a student reading `myCurrency`. */
export function feeLinesOf(course: FeeFields, myCurrency: string, rates: UsdRates): FeeLines {
  const currency = course.tuition_currency.short_code.toUpperCase();
  const own = formatTuition(course);
  const fee = course.tuition_fee;
  if (fee <= 0) return { own, totalUnknown: fee < 0 };
  const lines: FeeLines = { own, totalUnknown: false };
  const converted =
    currency === myCurrency ? null : convertAmount(fee, currency, myCurrency, rates);
  if (converted) {
    lines.mine = perBase(
      `about ${formatEstimatedMoney(converted.amount, myCurrency)}`,
      course.tuition_fee_base,
    );
  }
  const total = totalCost({
    fee,
    currency,
    feeBase: course.tuition_fee_base.trim().toLowerCase(),
    duration: course.duration,
    durationBase: course.duration_base.trim().toLowerCase(),
  });
  if (total.status !== "known") return { ...lines, totalUnknown: total.status === "unknown" };
  const mineTotal =
    currency === myCurrency ? null : convertAmount(total.amount, currency, myCurrency, rates);
  const ownTotal = ownMoney(total.amount, currency);
  const how = describeTotalCost(total, ownMoney);
  // "13,800 CNY for the full programme" already says the total.
  const saysTotal = how.startsWith(ownTotal);
  lines.total = {
    own: ownTotal,
    ...(mineTotal ? { mine: `about ${formatEstimatedMoney(mineTotal.amount, myCurrency)}` } : {}),
    how,
    detail: mineTotal && !saysTotal ? `${how} = ${ownTotal}` : how,
  };
  return lines;
}
