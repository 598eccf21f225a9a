// DRF-style pages: {count, next, previous, results}; next/previous are absolute URLs.
import { NotFoundError } from "../errors.ts";

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

export function offsetOf({ page, pageSize }: PageRequest): number {
  return (page - 1) * pageSize;
}

/** Page count = total / page size rounded up (docs/spec/discovery.md §9). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * Builds the page envelope. `url` is the request's absolute URL; next/previous keep every other
 * query parameter. A page past the last one answers 404 "Invalid page.", as DRF does.
 */
export function toPage<T>(results: T[], count: number, request: PageRequest, url: URL): Page<T> {
  const last = pageCount(count, request.pageSize);
  if (request.page > last) throw new NotFoundError("Invalid page.");
  const link = (page: number): string => {
    const target = new URL(url);
    if (page === 1) target.searchParams.delete("page");
    else target.searchParams.set("page", String(page));
    return target.toString();
  };
  return {
    count,
    next: request.page < last ? link(request.page + 1) : null,
    previous: request.page > 1 ? link(request.page - 1) : null,
    results,
  };
}

/**
 * A request's absolute URL for the next/previous links: its path and query on the site's public
 * address, never on a Host or X-Forwarded-Host a client wrote. Joined as text, so that a path
 * starting with `//` stays a path.
 */
export function publicUrl(publicBaseUrl: string, pathAndQuery: string): URL {
  return new URL(`${publicBaseUrl}${pathAndQuery}`);
}
