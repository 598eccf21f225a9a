// A horizontal row that scrolls by drag (mouse) or swipe (touch, natively) and by two arrow
// buttons (docs/spec/discovery.md §2 "Carousels"): each press scrolls one step (300 px, §9), and a button
// shows only while there is more content in its direction. Written here rather than taken from a
// carousel library, to keep the home page's JavaScript small.
import { type ReactNode, type Ref, type RefObject, useEffect, useId, useRef } from "react";

import { KEEP_CLEAR_ATTRIBUTE } from "../../utils/keep-clear.ts";
import { ChevronRightIcon } from "../icons/icons.tsx";
import { CAROUSEL_STEP_PX, type ScrollEdges, scrollStepFor } from "./carousel-logic.ts";
import styles from "./carousel.module.css";
import { useDragScroll } from "./use-drag-scroll.ts";
import { useScrollEdges } from "./use-scroll-edges.ts";

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

/** Floating buttons ('Back to top') keep clear of the arrows. */
const KEEP_CLEAR = { [KEEP_CLEAR_ATTRIBUTE]: "" };

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * An arrow that disappears while focused (the row reached its end) hands the focus to the other
 * arrow rather than dropping it to the page.
 */
function useArrowFocusHandoff(
  edges: ScrollEdges,
  left: RefObject<HTMLButtonElement | null>,
  right: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    const active = document.activeElement;
    if (!edges.canScrollLeft && active === left.current) right.current?.focus();
    if (!edges.canScrollRight && active === right.current) left.current?.focus();
  }, [edges, left, right]);
}

function CarouselArrow({
  direction,
  listId,
  onPress,
  ref,
}: {
  direction: "left" | "right";
  listId: string;
  onPress: () => void;
  ref: Ref<HTMLButtonElement>;
}) {
  const left = direction === "left";
  return (
    <button
      ref={ref}
      type="button"
      className={`${styles.arrow} ${left ? styles.arrowLeft : styles.arrowRight}`}
      aria-label={left ? "Scroll left" : "Scroll right"}
      aria-controls={listId}
      {...KEEP_CLEAR}
      onClick={onPress}
    >
      <ChevronRightIcon {...(left ? { className: styles.arrowIconLeft } : {})} />
    </button>
  );
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
  const edges = useScrollEdges(listRef, items.length);
  const dragScroll = useDragScroll();
  useArrowFocusHandoff(edges, leftRef, rightRef);

  const scrollByStep = (direction: -1 | 1) => {
    const list = listRef.current;
    if (!list) return;
    list.scrollBy({
      left: direction * scrollStepFor(step, list.clientWidth),
      behavior: prefersReducedMotion() ? "auto" : "smooth",
    });
  };

  const itemClasses = itemClassName ? `${styles.item} ${itemClassName}` : styles.item;
  return (
    <div className={[styles.root, className].filter(Boolean).join(" ")}>
      <ul ref={listRef} id={listId} className={styles.list} aria-label={label} {...dragScroll}>
        {items.map((item) => (
          <li key={getKey(item)} className={itemClasses}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {edges.canScrollLeft && (
        <CarouselArrow
          ref={leftRef}
          direction="left"
          listId={listId}
          onPress={() => scrollByStep(-1)}
        />
      )}
      {edges.canScrollRight && (
        <CarouselArrow
          ref={rightRef}
          direction="right"
          listId={listId}
          onPress={() => scrollByStep(1)}
        />
      )}
    </div>
  );
}
