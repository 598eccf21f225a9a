// Which ends of a scrolling row still hide content, measured in the browser whenever the row
// scrolls or changes size. Unknown until then: the server's HTML has no arrows, which could not
// work there.
import { type RefObject, useCallback, useEffect, useState } from "react";

import { type ScrollEdges, scrollEdges } from "./carousel-logic.ts";

const NO_EDGES: ScrollEdges = { canScrollLeft: false, canScrollRight: false };

export function useScrollEdges(
  listRef: RefObject<HTMLElement | null>,
  itemCount: number,
): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NO_EDGES);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = scrollEdges(list.scrollLeft, list.clientWidth, list.scrollWidth);
    setEdges((current) =>
      current.canScrollLeft === next.canScrollLeft && current.canScrollRight === next.canScrollRight
        ? current
        : next,
    );
  }, [listRef]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener("scroll", measure, { passive: true });
    const resizeObserver = new ResizeObserver(measure);
    resizeObserver.observe(list);
    return () => {
      list.removeEventListener("scroll", measure);
      resizeObserver.disconnect();
    };
  }, [listRef, measure, itemCount]);

  return edges;
}
