// The programme view beacon's path (docs/decisions/015-programme-analytics.md).
// Apart from analytics.ts and free of zod, so the programme page's first load does not carry the
// validation library (docs/decisions/019-first-paint.md).

/** The view beacon a programme page sends after it hydrates: POST, answered 204 without a body. */
export function programmeViewBeaconPath(courseId: number): string {
  return `/api/academics/course/${courseId}/view`;
}

const BEACON_PATH = /^\/api\/academics\/course\/\d{1,10}\/view\/?(\?.*)?$/;

/** Whether a request URL is the view beacon (exempt from the XSRF check, never renews a session). */
export function isProgrammeViewBeaconPath(url: string): boolean {
  return BEACON_PATH.test(url);
}
