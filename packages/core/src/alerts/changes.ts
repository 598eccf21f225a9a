// How a wishlisted programme changed, in words (docs/decisions/053-saved-searches-and-alerts.md):
// the price (fee, currency, period) and the dates (start, application deadline).
import { MONTH_NAMES } from "@studyatlas/schemas/catalogue-constants.ts";

import type { Fingerprint } from "./alert-candidates.ts";

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function priceOf(print: Fingerprint): string {
  if (print.fee < 0) return "not announced";
  if (print.fee === 0) return "free";
  return `${NUMBER.format(print.fee)} ${print.currency}${print.base ? ` per ${print.base}` : ""}`;
}

function monthOf([month, year]: [number, number]): string {
  if (month < 1 || month > 12 || year < 1) return "not announced";
  return `${MONTH_NAMES[month - 1] ?? ""} ${year}`;
}

export function parseFingerprint(text: string): Fingerprint | undefined {
  try {
    const value = JSON.parse(text) as Partial<Fingerprint>;
    if (!Array.isArray(value.start) || !Array.isArray(value.deadline)) return undefined;
    return {
      fee: Number(value.fee),
      currency: String(value.currency ?? ""),
      base: String(value.base ?? ""),
      start: [Number(value.start[0]), Number(value.start[1])],
      deadline: [Number(value.deadline[0]), Number(value.deadline[1])],
    };
  } catch {
    return undefined;
  }
}

/** "Tuition: 12,000 EUR per year → 14,000 EUR per year", one line per thing that moved. */
export function describeChange(beforeText: string, afterText: string): string[] {
  const before = parseFingerprint(beforeText);
  const after = parseFingerprint(afterText);
  if (!before || !after) return ["Price or dates changed"];
  const lines: string[] = [];
  if (priceOf(before) !== priceOf(after)) {
    lines.push(`Tuition: ${priceOf(before)} → ${priceOf(after)}`);
  }
  if (monthOf(before.start) !== monthOf(after.start)) {
    lines.push(`Start: ${monthOf(before.start)} → ${monthOf(after.start)}`);
  }
  if (monthOf(before.deadline) !== monthOf(after.deadline)) {
    lines.push(`Application deadline: ${monthOf(before.deadline)} → ${monthOf(after.deadline)}`);
  }
  return lines;
}
