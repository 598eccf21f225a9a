// Which in-process index a finder handle (finder-index.ts) holds at this moment. Only the finder's
// own modules read it (search.ts and the tests beside the index): every other caller passes the
// handle and lets the search module decide between the index and SQL (ADR 022).
import type { CourseIndex } from "./course-index.ts";

const holders = new WeakMap<object, () => CourseIndex | undefined>();

/** Registers the handle's reader of its current index (createFinderIndex). */
export function holdIndex(handle: object, current: () => CourseIndex | undefined): void {
  holders.set(handle, current);
}

/** The handle's current index, or undefined while it is (re)built, off, or without a handle. */
export function currentIndex(handle: object | undefined): CourseIndex | undefined {
  return handle === undefined ? undefined : holders.get(handle)?.();
}
