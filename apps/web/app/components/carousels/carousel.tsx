// A horizontal row that scrolls by drag (mouse) or swipe (touch, natively) and by two arrow
// buttons (docs/spec/discovery.md §2 "Carousels"): each press scrolls one step (300 px, §9), and a button
// shows only while there is more content in its direction. Written here rather than taken from a
// carousel library, to keep the home page's JavaScript small.
import {
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";

import { KEEP_CLEAR_ATTRIBUTE } from "../../utils/keep-clear.ts";
import { ChevronRightIcon } from "../icons/icons.tsx";
import {
  CAROUSEL_STEP_PX,
  isDrag,
  type ScrollEdges,
  scrollEdges,
  scrollStepFor,
} from "./carousel-logic.ts";
import styles from "./carousel.module.css";

interface CarouselProps<T> {
  /** Accessible name of the list, e.g. the row's title. */
  label: string;
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Pixels per arrow press. */
  step?: number;
  /** Sets the width of the items (a class on each list item). */
  itemClassName?: string;
  className?: string;
}

interface DragState {
  pointerId: number;
  startX: number;
  startScrollLeft: number;
  dragging: boolean;
}

/** Floating buttons ('Back to top') keep clear of the arrows. */
const KEEP_CLEAR = { [KEEP_CLEAR_ATTRIBUTE]: "" };

const NO_EDGES: ScrollEdges = { canScrollLeft: false, canScrollRight: false };

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function Carousel<T>({
  label,
  items,
  getKey,
  renderItem,
  step = CAROUSEL_STEP_PX,
  itemClassName,
  className,
}: CarouselProps<T>) {
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const leftRef = useRef<HTMLButtonElement>(null);
  const rightRef = useRef<HTMLButtonElement>(null);
  const drag = useRef<DragState | undefined>(undefined);
  const suppressClick = useRef(false);
  // Unknown until measured in the browser: no arrows in the server HTML, where they could not work.
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
  }, []);

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
  }, [measure, items.length]);

  // An arrow that disappears while focused (the row reached its end) hands the focus to the
  // other arrow rather than dropping it to the page.
  useEffect(() => {
    const active = document.activeElement;
    if (!edges.canScrollLeft && active === leftRef.current) rightRef.current?.focus();
    if (!edges.canScrollRight && active === rightRef.current) leftRef.current?.focus();
  }, [edges]);

  const scrollByStep = (direction: -1 | 1) => {
    const list = listRef.current;
    if (!list) return;
    list.scrollBy({
      left: direction * scrollStepFor(step, list.clientWidth),
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  };

  // Drag scrolling with the mouse; touch and pen already scroll the row natively.
  const onPointerDown = (event: PointerEvent<HTMLUListElement>) => {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startScrollLeft: event.currentTarget.scrollLeft,
      dragging: false,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLUListElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    if (!state.dragging) {
      if (!isDrag(state.startX, event.clientX)) return;
      state.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      event.currentTarget.dataset.dragging = "";
    }
    event.currentTarget.scrollLeft = state.startScrollLeft - (event.clientX - state.startX);
  };
  const endDrag = (event: PointerEvent<HTMLUListElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = undefined;
    if (!state.dragging) return;
    // The release after a drag must not follow the link under the pointer.
    suppressClick.current = true;
    delete event.currentTarget.dataset.dragging;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };
  const onClickCapture = (event: MouseEvent<HTMLUListElement>) => {
    if (!suppressClick.current) return;
    suppressClick.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  const itemClasses = itemClassName ? `${styles.item} ${itemClassName}` : styles.item;
  return (
    <div className={[styles.root, className].filter(Boolean).join(" ")}>
      <ul
        ref={listRef}
        id={listId}
        className={styles.list}
        aria-label={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClickCapture={onClickCapture}
        // Links and images are draggable by default, which would fight the drag scrolling.
        onDragStart={(event) => event.preventDefault()}
      >
        {items.map((item) => (
          <li key={getKey(item)} className={itemClasses}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {edges.canScrollLeft && (
        <button
          ref={leftRef}
          type="button"
          className={`${styles.arrow} ${styles.arrowLeft}`}
          aria-label="Scroll left"
          aria-controls={listId}
          {...KEEP_CLEAR}
          onClick={() => scrollByStep(-1)}
        >
          <ChevronRightIcon className={styles.arrowIconLeft} />
        </button>
      )}
      {edges.canScrollRight && (
        <button
          ref={rightRef}
          type="button"
          className={`${styles.arrow} ${styles.arrowRight}`}
          aria-label="Scroll right"
          aria-controls={listId}
          {...KEEP_CLEAR}
          onClick={() => scrollByStep(1)}
        >
          <ChevronRightIcon />
        </button>
      )}
    </div>
  );
}
