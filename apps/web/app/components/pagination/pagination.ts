// Which page links the finder shows (docs/spec/discovery.md §9: 20 per page, page count rounded up,
// 2 edge pages and 5 pages around the current one).

export type PaginationItem = { kind: "page"; page: number } | { kind: "gap"; after: number };

/**
 * The pages to link: `edge` pages at each end and a window of `around` pages centred on the
 * current one (shifted inwards near the ends so it keeps its size), with a gap marker between
 * runs. A gap that would hide a single page shows that page instead: '1 2 3 4 5 6 7' reads
 * better than '1 2 … 4 5 6 7'.
 */
export function paginationWindow(
  current: number,
  total: number,
  options: { edge: number; around: number } = { edge: 2, around: 5 },
): PaginationItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set<number>();
  for (let n = 1; n <= Math.min(options.edge, total); n += 1) shown.add(n);
  for (let n = Math.max(1, total - options.edge + 1); n <= total; n += 1) shown.add(n);
  const size = Math.min(options.around, total);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), total - size + 1);
  for (let n = start; n < start + size; n += 1) shown.add(n);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const n of pages) {
    if (n - previous === 2) items.push({ kind: "page", page: n - 1 });
    else if (n - previous > 2) items.push({ kind: "gap", after: previous });
    items.push({ kind: "page", page: n });
    previous = n;
  }
  return items;
}
