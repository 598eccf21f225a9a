// Tells the server a programme page was shown (docs/decisions/015-programme-analytics.md). Sent
// from the browser after hydration rather than counted in the loader, because a CDN answers most
// signed-out page loads without reaching the loader (ADR 023).
import { useEffect, useRef } from "react";

import { programmeViewBeaconPath } from "@studyatlas/schemas/analytics-beacon.ts";

type BeaconNavigator = Pick<Navigator, "sendBeacon">;

/**
 * POSTs the view beacon: `navigator.sendBeacon` (queued by the browser, survives leaving the
 * page) where there is one, else a keepalive fetch. Errors are ignored: a lost view is not worth
 * bothering a visitor about.
 */
export function sendProgrammeView(
  courseId: number,
  browser: BeaconNavigator | undefined = typeof navigator === "undefined" ? undefined : navigator,
  post: typeof fetch | undefined = typeof fetch === "undefined" ? undefined : fetch,
): void {
  const url = programmeViewBeaconPath(courseId);
  if (typeof browser?.sendBeacon === "function" && browser.sendBeacon(url)) return;
  void post?.(url, { method: "POST", keepalive: true, credentials: "same-origin" }).catch(
    () => undefined,
  );
}

/** Sends the beacon once per programme shown (not again when the page only revalidates). */
export function useProgrammeViewBeacon(courseId: number): void {
  const sent = useRef<number | null>(null);
  useEffect(() => {
    // React's development double effects must not count two views.
    if (sent.current === courseId) return;
    sent.current = courseId;
    sendProgrammeView(courseId);
  }, [courseId]);
}
