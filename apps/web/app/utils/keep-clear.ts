// Floating buttons (the programme page's 'Back to top') must never sit on another control: the
// controls they keep clear of carry the attribute below, and the floating button rises above any
// of them that would fall under its corner.

/** Marks a control that floating buttons keep clear of (the carousels' arrows). */
export const KEEP_CLEAR_ATTRIBUTE = "data-keep-clear";

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface CornerPlacement {
  /** Distance from the viewport's right and bottom edges at rest, in px. */
  inset: number;
  /** The floating button's width and height, in px. */
  size: number;
  /** Space kept between the button and a control it rises above, in px. */
  gap: number;
}

function overlaps(a: Box, b: Box, gap: number): boolean {
  return (
    a.left < b.right + gap &&
    b.left < a.right + gap &&
    a.top < b.bottom + gap &&
    b.top < a.bottom + gap
  );
}

/**
 * The distance from the viewport's bottom edge at which a button in the bottom-right corner
 * covers none of the obstacles: its resting inset, or just above the obstacles it would fall on.
 */
export function bottomOffsetClearOf(
  viewport: { width: number; height: number },
  obstacles: readonly Box[],
  { inset, size, gap }: CornerPlacement,
): number {
  let bottom = inset;
  // Rising above one obstacle can land on another; each obstacle is passed at most once.
  for (let pass = 0; pass <= obstacles.length; pass += 1) {
    const box: Box = {
      left: viewport.width - inset - size,
      right: viewport.width - inset,
      top: viewport.height - bottom - size,
      bottom: viewport.height - bottom,
    };
    const hit = obstacles.find((obstacle) => overlaps(box, obstacle, gap));
    if (!hit) return bottom;
    bottom = viewport.height - hit.top + gap;
  }
  return bottom;
}
