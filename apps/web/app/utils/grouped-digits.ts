// Whole numbers written as Intl's en-US format writes them ('12,345'), without Intl: a page of
// cards and facet counts formats dozens of numbers, and Intl costs a few microseconds each
// (docs/decisions/035-lighter-cards.md).

/** '12,345' for a whole, non-negative, safe integer; undefined for any other number. */
export function groupedDigits(value: number): string | undefined {
  if (!Number.isSafeInteger(value) || value < 0) return undefined;
  const digits = String(value);
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return grouped;
}
