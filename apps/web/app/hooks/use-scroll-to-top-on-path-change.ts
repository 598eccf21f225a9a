// "The page scrolls to the top on every path change" (docs/spec/accounts-and-details.md §2). Only the
// path counts: a change of query alone (the finder's filters) keeps the reader's place, and the
// first render leaves the browser's own restoration on reload alone.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useScrollToTopOnPathChange(): void {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}
