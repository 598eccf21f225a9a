// The arithmetic behind the home page's carousels (docs/spec/discovery.md §2 "Carousels", §9), kept pure
// so that it is unit-tested apart from the DOM.

/** docs/spec/discovery.md §9: "Carousel scroll step and card width: 300 px". */
export const CAROUSEL_STEP_PX = 300;
/** docs/spec/discovery.md §9: "Programme-card strip: 572 px". */
export const PROGRAMME_STRIP_STEP_PX = 572;

/** Sub-pixel scroll positions (zoom, fractional widths) never quite reach the ends. */
const EDGE_TOLERANCE_PX = 2;

export interface ScrollEdges {
  canScrollLeft: boolean;
  canScrollRight: boolean;
}

/** Which arrows to show: one only when there is more content in its direction (§2). */
export function scrollEdges(
  scrollLeft: number,
  clientWidth: number,
  scrollWidth: number,
): ScrollEdges {
  return {
    canScrollLeft: scrollLeft > EDGE_TOLERANCE_PX,
    canScrollRight: scrollLeft + clientWidth < scrollWidth - EDGE_TOLERANCE_PX,
  };
}

/**
 * How far one arrow press scrolls: the spec's step, but never more than the visible width, so
 * that on a phone the 572 px programme strip does not skip a card.
 */
export function scrollStepFor(step: number, clientWidth: number): number {
  return clientWidth > 0 ? Math.min(step, clientWidth) : step;
}

/** A pointer has to travel this far before a press on a card becomes a drag. */
export const DRAG_THRESHOLD_PX = 5;

export function isDrag(startX: number, currentX: number): boolean {
  return Math.abs(currentX - startX) >= DRAG_THRESHOLD_PX;
}

/** The reviews carousel's index wraps in both directions (§2 "Reviews carousel"). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/**
 * The country ticker's pulse (§2 "Country ticker"): 1500 ms at full speed, a 600 ms slowdown to
 * a stop, 1000 ms still, then again. Returns the speed as a share of full speed at `elapsedMs`
 * into the loop.
 */
export const TICKER_PULSE = { movingMs: 1500, slowdownMs: 600, pausedMs: 1000 } as const;
export const TICKER_CYCLE_MS =
  TICKER_PULSE.movingMs + TICKER_PULSE.slowdownMs + TICKER_PULSE.pausedMs;

export function tickerSpeedAt(elapsedMs: number): number {
  const t = wrapIndex(elapsedMs, TICKER_CYCLE_MS);
  if (t < TICKER_PULSE.movingMs) return 1;
  const intoSlowdown = t - TICKER_PULSE.movingMs;
  if (intoSlowdown < TICKER_PULSE.slowdownMs) {
    // Ease out: quick to lose speed at first, gentle at the end.
    const remaining = 1 - intoSlowdown / TICKER_PULSE.slowdownMs;
    return remaining * remaining;
  }
  return 0;
}

/** Keeps a ticker row's offset within one copy of its items, so the loop has no seam. */
export function wrapOffset(offset: number, loopWidth: number): number {
  if (loopWidth <= 0) return 0;
  return ((offset % loopWidth) + loopWidth) % loopWidth;
}
