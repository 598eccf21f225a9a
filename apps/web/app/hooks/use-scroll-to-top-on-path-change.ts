// "The page scrolls to the top on every path change" (docs/spec/accounts-and-details.md §2). Only the
// path counts: a change of query alone (the finder's filters) keeps the reader's place, and the
// first render leaves the browser's own restoration on reload alone.
//
// Focus moves with the page, as in an accessible single-page app: after a path
// change, the new page's main heading takes the focus, so a screen reader announces the page and
// the next Tab starts from its top. A control the reader is still using in the page (a finder
// filter that changed the path) keeps its focus.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The element that receives the focus after a path change: the main heading, else main. */
export function focusTargetAfterNavigation(doc: Document): HTMLElement | null {
  const main = doc.getElementById("main-content");
  if (!main) return null;
  return main.querySelector<HTMLElement>("h1") ?? main;
}

/** Whether the focus rests on a control of the page's content that survived the navigation. */
function focusStaysInContent(doc: Document): boolean {
  const active = doc.activeElement;
  if (!active || active === doc.body || !active.isConnected) return false;
  const main = doc.getElementById("main-content");
  return Boolean(main && active !== main && main.contains(active));
}

export function moveFocusToPage(doc: Document): void {
  if (focusStaysInContent(doc)) return;
  const target = focusTargetAfterNavigation(doc);
  if (!target) return;
  // A heading takes the focus from script only, never from Tab.
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

export function useScrollToTopOnPathChange(): void {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    window.scrollTo(0, 0);
    moveFocusToPage(document);
  }, [pathname]);
}
